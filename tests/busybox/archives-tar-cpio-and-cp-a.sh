# Archives and copies of a tree: tar (create, list, extract; through gzip in a pipeline, since tar
# -z would exec gzip by PATH, which the disk has not), cpio, cp -a (links kept,
# modes kept) and cp -r, checked with diff -r, cmp, md5sum and stat. The archives are removed at
# the end (their bytes hold owners and times, which differ between the runs); the copies stay and
# are compared with qemu's tree.
# Expect: status 0
umask 022
mkdir -p tree/docs/deep tree/bin
echo "read me" > tree/docs/README
seq 1 500 > tree/docs/deep/numbers
printf '#!/bin/sh\necho hi\n' > tree/bin/run
chmod 755 tree/bin/run
chmod 600 tree/docs/README
ln -s ../docs/README tree/bin/readme
ln tree/docs/deep/numbers tree/numbers.hard
tar cf tree.tar tree
tar tf tree.tar | sort
mkdir out && tar xf tree.tar -C out
diff -r tree out/tree && echo "tar round trip: same"
tar cf - tree | gzip -c > tree.tgz
mkdir outz && gzip -dc tree.tgz | (cd outz && tar xf -)
cmp tree/docs/deep/numbers outz/tree/docs/deep/numbers && echo "gzip round trip: same"
find tree | sort | cpio -o -H newc > tree.cpio 2>/dev/null
mkdir outc && (cd outc && cpio -id < ../tree.cpio 2>/dev/null)
diff -r tree outc/tree && echo "cpio round trip: same"
cp -a tree copy
diff -r tree copy && echo "cp -a: same"
stat -c '%A %n' copy/bin/run copy/docs/README copy/bin/readme
readlink copy/bin/readme
echo "hard links kept by cp -a: $(stat -c %h copy/numbers.hard)"
cp -r tree plain
[ -L plain/bin/readme ] && echo "cp -r keeps the link"
md5sum tree/docs/deep/numbers copy/docs/deep/numbers plain/docs/deep/numbers | cut -d' ' -f1 | uniq -c
rm tree.tar tree.tgz tree.cpio
rm -r outz
ls
