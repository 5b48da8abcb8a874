# The text applets in pipelines: sort (numeric, reverse, by key, unique), grep (-c, -v, -i, -E),
# sed (substitution, deletion, line ranges), awk (fields, sums, printf), cut, tr, uniq, head and
# tail, and xargs running a command per batch of arguments (a child process each).
# Expect: status 0
sort fruit.txt
sort -k2 -n fruit.txt | head -2
sort -rn -k2 fruit.txt | awk '{print $1}' | head -3
cut -d' ' -f1 fruit.txt | sort -u | tr '\n' ','; echo
grep -c apple fruit.txt
grep -v 1 fruit.txt
grep -iE '^(PEAR|FIG)' fruit.txt
sed 's/apple/APPLE/; /banana/d' fruit.txt
sed -n '2,3p' fruit.txt
awk '{ total += $2 } END { printf "total %d over %d lines\n", total, NR }' fruit.txt
awk '$2 >= 7 { print NR ": " $1 }' fruit.txt
seq 1 10 | xargs -n 3 echo batch
echo "a b c d" | xargs -n 2 printf '[%s %s]\n'
seq 1 100 | tail -n 3
printf 'x\nx\ny\nx\n' | uniq -c
echo "hello world" | tr 'a-z' 'A-Z' | rev
