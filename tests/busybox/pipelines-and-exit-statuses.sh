# Pipelines and exit statuses: a pipeline's status is its last command's, `!` inverts it,
# pipefail takes the last failing one, && and || chain on them, and a long pipeline of applets
# (each a forked child that execs BusyBox again) passes its data through in order.
# Expect: status 3
echo one | cat | cat | cat
false | true; echo "false | true: $?"
true | false; echo "true | false: $?"
! false; echo "! false: $?"
set -o pipefail
false | true; echo "pipefail: $?"
set +o pipefail
true && echo "and runs"
false && echo "never"
false || echo "or runs"
seq 1 200 | grep 7 | sort -n | tail -3 | tr '\n' ' '; echo
yes abc | head -n 3
seq 1 5000 | cat | cat | wc -l
cat fruit.txt | sort | uniq -c | sort -rn | head -2
exit 3
