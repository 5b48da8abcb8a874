/* fgets-reads-lines - fgets returns one line at a time with its newline, across the stream's
 * buffer boundaries; a line longer than the array comes in pieces of n - 1 bytes; an empty line
 * is "\n"; the last line may lack its newline; then NULL with feof set.
 * Expect: status 0
 * Files: basic */
#include <stdio.h>

#include "check.h"

#define LINES 150 /* ~2.5 KB: the lines straddle BUFSIZ (1024) boundaries */

int main(void) {
  FILE* f = fopen("lines.txt", "w");
  for (int i = 0; i < LINES; i++) fprintf(f, "line %d of %d\n", i, LINES);
  fputs("\nA line that is longer than the array it is read into\nno newline", f);
  CHECK_INT(fclose(f), 0);

  f = fopen("lines.txt", "r");
  char line[32], want[32];
  int bad = 0;
  for (int i = 0; i < LINES; i++) {
    snprintf(want, sizeof want, "line %d of %d\n", i, LINES);
    if (fgets(line, sizeof line, f) != line || strcmp(line, want) != 0) bad++;
  }
  CHECK_INT(bad, 0);
  CHECK_STR(fgets(line, sizeof line, f), "\n");
  CHECK_STR(fgets(line, 20, f), "A line that is long");
  CHECK_STR(fgets(line, 20, f), "er than the array i");
  CHECK_STR(fgets(line, 20, f), "t is read into\n");
  CHECK(!feof(f));
  CHECK_STR(fgets(line, sizeof line, f), "no newline");
  CHECK(feof(f));
  CHECK(fgets(line, sizeof line, f) == NULL);
  CHECK(fgets(line, 1, f) == line && line[0] == 0); /* room for the terminator only */
  CHECK(!ferror(f));
  CHECK_INT(fclose(f), 0);
  return check_done();
}
