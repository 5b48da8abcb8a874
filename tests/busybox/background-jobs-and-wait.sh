# Background jobs: `&` runs a command in a child while the script goes on, $! names it, wait for
# one job gives its status, wait with no argument waits for them all, and jobs write to a file
# in the order their waits impose; ash opens /dev/null as a background job's stdin.
# Expect: status 0
(exit 4) & p=$!
wait $p; echo "job status: $?"
( echo first > jobs.txt ) &
wait
( echo second >> jobs.txt ) & ( sleep 0; exit 2 ) & q=$!
wait $q; echo "second job: $?"
wait
cat jobs.txt
for i in 1 2 3; do (echo "job $i" > "job$i.txt") & done
wait
cat job1.txt job2.txt job3.txt
