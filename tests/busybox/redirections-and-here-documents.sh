# Redirections: > makes and truncates a file, >> appends, < reads, 2>&1 joins the error output,
# a here-document feeds a command, exec opens a descriptor for the rest of the script, and a
# file written in one command is read in the next.
# Expect: status 0
echo first > out.txt
echo second >> out.txt
cat < out.txt
echo truncated > out.txt
cat out.txt
ls /no/such/file > err.txt 2>&1; echo "ls failed: $?"
test -s err.txt && echo "error went to the file"
cat <<END
here $((6 * 7))
  and 'quoted'
END
cat <<'END'
not expanded: $HOME
END
exec 3> fd3.txt
echo "through fd 3" >&3
exec 3>&-
cat fd3.txt
wc -c < fruit.txt
{ echo grouped; echo lines; } > group.txt
cat group.txt
