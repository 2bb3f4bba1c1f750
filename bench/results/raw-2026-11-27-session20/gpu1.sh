#!/usr/bin/env bash
# session 20, call 1: session 19's gpu8.sh (64-bit sort, trans-loads checks, attention_bwd
# RELOAD 0/1), then a probe of cluster launches through a plain cuLaunchKernel.
set -uo pipefail
timeout 60 python3 bench/results/raw-2026-11-27-session20/cluster_probe.py 2>&1 | tail -5
bash bench/results/raw-2026-11-27-session19/gpu8.sh
