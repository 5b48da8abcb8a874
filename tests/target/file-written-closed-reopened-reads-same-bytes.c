/* file-written-closed-reopened-reads-same-bytes - bytes written to a new file in uneven chunks,
 * which straddle block boundaries and run past the 16 direct blocks into the indirect one, read
 * back the same after closing and reopening it. The runner compares the file left behind too.
 * Expect: status 0
 * Files: basic */
#include <fcntl.h>
#include <unistd.h>

#include "check.h"

#define SIZE 70000
static unsigned char out[SIZE], in[SIZE + 100];

int main(void) {
  for (int i = 0; i < SIZE; i++) out[i] = (unsigned char)(i * 31 + i / 4096);
  int fd = open("written.bin", O_WRONLY | O_CREAT | O_TRUNC, 0644);
  CHECK(fd >= 3);
  int done = 0;
  for (int chunk = 1; done < SIZE; chunk = chunk > 9000 ? 7 : chunk * 3 + 1) {
    int n = chunk < SIZE - done ? chunk : SIZE - done;
    if (write(fd, out + done, n) != n) break;
    done += n;
  }
  CHECK_INT(done, SIZE);
  CHECK_INT(close(fd), 0);

  fd = open("written.bin", O_RDONLY);
  CHECK(fd >= 3);
  int got = 0, n;
  while ((n = read(fd, in + got, sizeof in - got)) > 0) got += n;
  CHECK_INT(n, 0);
  CHECK_INT(got, SIZE);
  CHECK(memcmp(in, out, SIZE) == 0);
  CHECK_INT(close(fd), 0);
  return check_done();
}
