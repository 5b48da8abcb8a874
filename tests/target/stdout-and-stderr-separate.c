/* stdout-and-stderr-separate - text sent to stderr never appears on stdout, while printf, puts,
 * putchar, fputs and fprintf(stdout) all land on stdout in program order with the documented
 * return values.
 * Expect: status 0 */
#include <unistd.h>

#include "check.h"

int main(void) {
  CHECK_INT(fputs("to stderr (not compared)\n", stderr), 0);
  CHECK_INT(fprintf(stderr, "stderr %d\n", 2), 9);
  CHECK_INT(puts("puts line"), 0);
  CHECK_INT(putchar('p'), 'p');
  CHECK_INT(putchar('\n'), '\n');
  CHECK_INT(fputs("fputs without newline, ", stdout), 0);
  CHECK_INT(fprintf(stdout, "fprintf %s\n", "stdout"), 15);
  CHECK_INT(fputc('c', stdout), 'c');
  CHECK_INT(putc('\n', stdout), '\n');
  CHECK_INT(fwrite("fwrite\n", 1, 7, stdout), 7);
  CHECK_INT(fflush(stdout), 0);
  /* Raw writes after fflush come after everything buffered before. */
  CHECK_INT(write(1, "raw write\n", 10), 10);
  CHECK_INT(write(2, "raw stderr\n", 11), 11);
  CHECK_INT(fflush(NULL), 0);
  CHECK_INT(ferror(stdout), 0);
  return check_done();
}
