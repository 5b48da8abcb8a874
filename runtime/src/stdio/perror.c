/* perror.c - perror: "s: text of errno\n" on stderr (just the text when s is NULL or empty).
 *
 * The line is built first and written with one fputs, so stderr (unbuffered) gets it in one
 * write and another thread's message cannot land in the middle. errno is read before anything
 * can change it. */
#include <errno.h>
#include <stdio.h>
#include <string.h>

void perror(const char* s) {
  const char* msg = strerror(errno);
  char line[256];
  if (s && *s)
    snprintf(line, sizeof line, "%s: %s\n", s, msg);
  else
    snprintf(line, sizeof line, "%s\n", msg);
  fputs(line, stderr);
}
