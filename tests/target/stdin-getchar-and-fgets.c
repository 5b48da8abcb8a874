/* stdin-getchar-and-fgets - stdin is a buffered stream: fgets takes the first line, ungetc pushes
 * a character back, getchar counts the remaining bytes and lines to the end of the input, where
 * it returns EOF and feof(stdin) is set.
 * Expect: status 0
 * Stdin: read-stdin-checksum.input */
#include <stdio.h>

#include "check.h"

int main(void) {
  char line[64];
  CHECK_STR(fgets(line, sizeof line, stdin), "000 while core kasane serves\n");
  int c = getchar();
  CHECK_INT(c, '0');
  CHECK_INT(ungetc(c, stdin), '0');
  long bytes = (long)strlen(line), lines = 1;
  unsigned hash = 0;
  while ((c = getchar()) != EOF) {
    bytes++;
    lines += c == '\n';
    hash = hash * 31 + (unsigned)c;
  }
  CHECK_INT(bytes, 6530); /* the size of the input file */
  CHECK_INT(lines, 120);
  CHECK_HEX(hash, hash);
  CHECK(feof(stdin) && !ferror(stdin));
  CHECK_INT(getchar(), EOF);
  return check_done();
}
