/* ackermann-recursion - the Ackermann function for small arguments: deep, irregular, non-tail
 * recursion that stresses jal/jr, $ra saving and the stack.
 * Expect: status 0 */
#include "check.h"

static unsigned calls;

static int ack(int m, int n) {
  calls++;
  if (m == 0) return n + 1;
  if (n == 0) return ack(m - 1, 1);
  return ack(m - 1, ack(m, n - 1));
}

int main(void) {
  static const int want[4][5] = {
      {1, 2, 3, 4, 5}, {2, 3, 4, 5, 6}, {3, 5, 7, 9, 11}, {5, 13, 29, 61, 125}};
  for (int m = 0; m < 4; m++)
    for (int n = 0; n < 5; n++) {
      int a = ack(m, n);
      printf("ack(%d,%d) = %d\n", m, n, a);
      CHECK(a == want[m][n]);
    }
  calls = 0;
  CHECK_INT(ack(3, 5), 253);
  CHECK_INT(calls, 42438);
  CHECK_INT(ack(2, 200), 403);
  return check_done();
}
