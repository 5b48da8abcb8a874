/* exit-flushes-open-files - output waiting in the buffers of streams that were never closed or
 * flushed is written by exit(): a fully buffered file, and a fully buffered stream made with
 * fdopen on stdout, whose text must end this program's output after PASS. The runner compares
 * the file left behind, which must hold both lines.
 * Expect: status 0
 * Files: basic */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "check.h"

int main(void) {
  FILE* f = fopen("unclosed.txt", "w");
  FILE* out = fdopen(STDOUT_FILENO, "w");
  CHECK(f != NULL && out != NULL);
  CHECK_INT(fprintf(f, "written by exit\n"), 16);
  CHECK_INT(fputs("also by exit\n", f), 0);
  CHECK_INT(fputs("from the fdopen stream, written by exit\n", out), 0);

  int fd = open("unclosed.txt", O_RDONLY);
  char c;
  CHECK_INT(read(fd, &c, 1), 0); /* still buffered: nothing reached the file yet */
  close(fd);
  fflush(stdout); /* PASS and the checks come first */
  exit(check_done());
}
