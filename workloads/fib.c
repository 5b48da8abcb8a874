/* fib - naive recursive Fibonacci, a call-heavy demo (fib(25) makes about 250,000 calls).
 * Usage: fib [N]; N defaults to 25 and must be 0..46 so the result fits an int. */
#include <stdio.h>
#include <stdlib.h>

static int fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }

int main(int argc, char** argv) {
  int n = 25;
  if (argc > 1) {
    char* end;
    long v = strtol(argv[1], &end, 10);
    if (*end || end == argv[1] || v < 0 || v > 46) {
      fprintf(stderr, "usage: fib [N], 0 <= N <= 46\n");
      return 2;
    }
    n = (int)v;
  }
  printf("fib(%d) = %d\n", n, fib(n));
  return 0;
}
