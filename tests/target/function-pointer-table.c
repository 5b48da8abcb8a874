/* function-pointer-table - indirect calls (jalr) through a table, through a pointer passed as
 * an argument, and through a pointer returned by a function.
 * Expect: status 0 */
#include "check.h"

typedef int (*op_fn)(int, int);

static int add(int a, int b) { return a + b; }
static int sub(int a, int b) { return a - b; }
static int mul(int a, int b) { return a * b; }
static int max(int a, int b) { return a > b ? a : b; }
static int shl(int a, int b) { return a << b; }

static op_fn const ops[] = {add, sub, mul, max, shl};
static const char* const names[] = {"add", "sub", "mul", "max", "shl"};

static int fold(const int* v, int n, op_fn f, int init) {
  for (int i = 0; i < n; i++) init = f(init, v[i]);
  return init;
}

static op_fn pick(const char* name) {
  for (unsigned i = 0; i < sizeof ops / sizeof ops[0]; i++)
    if (strcmp(names[i], name) == 0) return ops[i];
  return 0;
}

int main(void) {
  static const int v[] = {3, 1, 4, 1, 5};
  static const int want[] = {14, -14, 60, 5, 14 << 0};
  volatile int sel;
  for (sel = 0; sel < 4; sel++) {
    int r = fold(v, 5, ops[sel], sel == 2 ? 1 : 0);
    printf("%s fold = %d\n", names[sel], r);
    CHECK(r == want[sel]);
  }
  CHECK_INT(pick("shl")(3, 4), 48);
  CHECK_INT(pick("sub")(10, 20), -10);
  CHECK(pick("div") == 0);
  volatile op_fn f = mul;
  CHECK_INT(f(-6, 7), -42);
  return check_done();
}
