/* hello - the smallest demo: one line on stdout, status 0. */
#include <stdio.h>

int main(void) {
  puts("Hello from Kasane!");
  return 0;
}
