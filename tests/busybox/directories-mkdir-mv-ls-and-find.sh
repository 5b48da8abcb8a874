# Directories as a shell uses them: mkdir -p, cd and the working directory, mv of files and of
# directories (into another, over a name, a rename of a whole subtree), hard and symbolic links,
# rm -r and rmdir, ls (names in order, -F's kinds, -R), find with name, type, size and newer
# tests and -exec, and xargs -0 over find -print0 (with applets that run in the same process:
# qemu-user cannot exec BusyBox again by /proc/self/exe, as find and xargs do for the others;
# the shell's children use the PATH of wrappers instead). Paths are printed relative: the qemu run's
# folder is not the disk's root. readdir order differs between file systems, so find's output
# is sorted; the tree left behind is compared too.
# Expect: status 0
umask 022
mkdir -p src/a/b/c src/d empty
echo alpha > src/a/one.txt
echo beta > src/a/b/two.txt
echo gamma > src/a/b/c/three.dat
printf '%2000s\n' x > src/d/big.txt
cd src/a/b && echo "in $(basename "$PWD"), up $(basename "$(dirname "$PWD")")" && cd ../../..
ls src src/a
ls -F src/a src/a/b
ls -R src | grep -v '^$'
find src -name '*.txt' | sort
find src -type d | sort
find src -type f -size +1k
find . -name '*.dat' -exec echo found {} \;
find src -type f -print0 | xargs -0 -n 1 echo | sort | while read f; do echo "$f $(wc -c < "$f")"; done
mv src/a/one.txt src/a/first.txt
mv src/d/big.txt src/a/b/
mv src/a/b/c src/c
mv src/a moved
ls -R src moved | grep -v '^$'
echo overwritten > moved/b/two.txt
echo new > two.txt
mv two.txt moved/b/two.txt
cat moved/b/two.txt
ln moved/first.txt hard.txt
ln -s moved/b/two.txt soft.txt
echo "links: $(stat -c %h moved/first.txt) $(stat -c %h hard.txt), soft -> $(readlink soft.txt)"
cat soft.txt hard.txt
[ -L soft.txt ] && [ -f soft.txt ] && [ ! -L hard.txt ] && echo "soft is a link, hard is not"
touch -d '2020-01-02 03:04:05' old.txt
touch recent.txt
[ recent.txt -nt old.txt ] && echo "recent is newer"
find . -maxdepth 1 -name '*.txt' -newer old.txt | sort
rmdir empty
rmdir moved 2>/dev/null || echo "rmdir of a full directory fails"
rm -r src/c
rmdir src/d
find src moved | sort
rm -r moved
rm soft.txt
[ -e moved ] || echo "moved is gone; hard.txt still says: $(cat hard.txt)"
ls
