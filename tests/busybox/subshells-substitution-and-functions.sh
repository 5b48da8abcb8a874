# Subshells and command substitution run in forked children: a subshell's variables and cd stay
# its own, $(...) and `...` capture output (also of a pipeline), functions take arguments and
# return statuses, and a subshell's exit status is its last command's.
# Expect: status 0
x=outer
(x=inner; echo "in the subshell: $x")
echo "after it: $x"
n=$(seq 1 10 | wc -l)
echo "lines: $n"
echo "nested: $(echo $(echo deep))"
echo "backquotes: `echo old style`"
greet() {
  echo "hello, $1 and $2"
  return 5
}
greet one two
echo "function status: $?"
(exit 7); echo "subshell status: $?"
count() { local i=0; while read -r line; do i=$((i + 1)); done; echo "$i"; }
echo "counted: $(cat fruit.txt | count)"
v=$( (echo a; echo b) | tr 'ab' 'xy' | tr -d '\n')
echo "$v"
