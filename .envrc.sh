source /work/main/scripts/env.sh
