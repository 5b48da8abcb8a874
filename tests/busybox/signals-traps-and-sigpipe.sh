# Signals in the shell: a writer whose reader has gone dies of SIGPIPE (status 128 + 13 under
# pipefail), trap runs a handler for a signal the script sends itself, a child killed by a
# signal reports 128 + its number, and a signal the shell ignores stays ignored in its child.
# Expect: status 0
set -o pipefail
yes | head -n 2
echo "yes | head: $?"
seq 1 100000 | head -c 20 | wc -c
echo "seq | head -c: $?"
set +o pipefail
trap 'echo "caught USR1"' USR1
kill -USR1 $$
echo "after the trap"
sh -c 'kill -TERM $$; echo "not here"'
echo "terminated child: $?"
sh -c 'kill -KILL $$'
echo "killed child: $?"
trap '' HUP
sh -c 'kill -HUP $$; echo "HUP ignored in the child"'
trap - USR1
echo done
