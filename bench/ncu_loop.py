"""The main loop of a kernel, instruction by instruction, with ncu's stall samples: the
loop is the body of the first backward branch after the first HGMMA.
    ncu --set full -o R ...; ncu --import R.ncu-rep --page source --csv --print-source sass > R.csv
    python3 bench/ncu_loop.py R.csv
Columns: position in the loop, all stall samples, dispatch-stall and math-pipe-throttle
samples, the SASS."""
import csv
import re
import sys

rows = list(csv.reader(open(sys.argv[1])))
head, data = rows[1], rows[2:]
col = {n: i for i, n in enumerate(head)}
src = [r[1].strip() for r in data]
addrs = [r[0] for r in data]
first = next(i for i, s in enumerate(src) if "HGMMA" in s)
lo, hi = next(
    (addrs.index(m.group(1)), i)
    for i, s in enumerate(src)
    if i > first and (m := re.search(r"BRA (0x[0-9a-f]+)", s)) and m.group(1) in addrs[:i]
)
print("loop", lo, hi, hi - lo + 1)
total = 0
for i in range(lo, hi + 1):
    r = data[i]
    d = int(r[col["stall_dispatch"]] or 0)
    total += d
    every = int(r[col["Warp Stall Sampling (All Samples)"]] or 0)
    print(f"{i - lo:3d} {every:5d} disp={d:4d} math={r[col['stall_math']]:>4} {src[i][:70]}")
print("dispatch in loop", total)
