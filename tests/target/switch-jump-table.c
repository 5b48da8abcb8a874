/* switch-jump-table - a dense 40-case switch, which gcc compiles to a table of addresses in
 * .rodata and an indirect jr; every case and the default are reached.
 * Expect: status 0 */
#include "check.h"

static __attribute__((noinline)) int classify(int x) {
  switch (x) {
    case 0: return 17;
    case 1: return 3;
    case 2: return 91;
    case 3: return -4;
    case 4: return 12;
    case 5: return 8;
    case 6: return 77;
    case 7: return 0;
    case 8: return 55;
    case 9: return 23;
    case 10: return -19;
    case 11: return 64;
    case 12: return 5;
    case 13: return 31;
    case 14: return 2;
    case 15: return 88;
    case 16: return -1;
    case 17: return 46;
    case 18: return 9;
    case 19: return 70;
    case 20: return 13;
    case 21: return 27;
    case 22: return -33;
    case 23: return 41;
    case 24: return 6;
    case 25: return 99;
    case 26: return 15;
    case 27: return 38;
    case 28: return -7;
    case 29: return 61;
    case 30: return 4;
    case 31: return 52;
    case 32: return 20;
    case 33: return -12;
    case 34: return 84;
    case 35: return 11;
    case 36: return 29;
    case 37: return 73;
    case 38: return -25;
    case 39: return 36;
    default: return 1000;
  }
}

int main(void) {
  int sum = 0, weighted = 0;
  for (int x = -3; x < 45; x++) {
    int c = classify(x);
    printf("%d:%d%c", x, c, (x + 4) % 8 ? ' ' : '\n');
    sum += c;
    weighted += c * (x + 5);
  }
  CHECK_INT(sum, 1109 + 8 * 1000);
  CHECK_INT(weighted, weighted);
  CHECK_INT(classify(39), 36);
  CHECK_INT(classify(40), 1000);
  CHECK_INT(classify(-2147483647 - 1), 1000);
  return check_done();
}
