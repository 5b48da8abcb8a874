# Loops, case and arithmetic: for, while and until loops with break and continue, case with
# patterns, $(( )) with the usual operators, read in a loop from a file, and test's comparisons.
# Expect: status 0
for w in alpha beta gamma; do echo "word $w"; done
i=0
while [ $i -lt 10 ]; do
  i=$((i + 1))
  [ $((i % 2)) -eq 0 ] && continue
  [ $i -gt 7 ] && break
  echo "odd $i"
done
j=3
until [ $j -eq 0 ]; do echo "down $j"; j=$((j - 1)); done
for f in apple fig kiwi 42; do
  case $f in
    a*) echo "$f starts with a" ;;
    f?g) echo "$f is f?g" ;;
    [0-9]*) echo "$f is a number" ;;
    *) echo "$f is something else" ;;
  esac
done
echo $(( (7 + 5) * 3 / 2 % 7 )) $(( 1 << 10 )) $(( 0x10 + 010 )) $(( -7 / 2 ))
while read -r name qty; do
  [ "$qty" -ge 7 ] && echo "$name: many"
done < fruit.txt
[ "abc" \< "abd" ] && echo "string order"
[ -f fruit.txt ] && [ ! -d fruit.txt ] && echo "a file, not a directory"
