/* struct-by-value-args-and-return - small and large structs passed by value (in registers and
 * on the stack) and returned (through the hidden result pointer), and a long long argument that
 * the o32 ABI aligns to an even register pair.
 * Expect: status 0 */
#include <stdint.h>

#include "check.h"

struct pair { char a, b; };
struct vec3 { int x, y, z; };
struct big { int v[16]; };
struct mixed { char c; long long ll; short s; };

static __attribute__((noinline)) struct vec3 vadd(struct vec3 p, struct vec3 q) {
  struct vec3 r = {p.x + q.x, p.y + q.y, p.z + q.z};
  return r;
}

static __attribute__((noinline)) struct pair swap(struct pair p) {
  struct pair r = {p.b, p.a};
  return r;
}

static __attribute__((noinline)) int sum_big(struct big b, int k) {
  int s = k;
  for (int i = 0; i < 16; i++) s += b.v[i];
  b.v[0] = 999; /* modifies the callee's copy only */
  return s;
}

static __attribute__((noinline)) long long mix(int a, long long b, struct mixed m, int c) {
  return a + b + m.c + m.ll + m.s + c;
}

static __attribute__((noinline)) struct big make_big(int base) {
  struct big b;
  for (int i = 0; i < 16; i++) b.v[i] = base + i;
  return b;
}

int main(void) {
  struct vec3 a = {1, 2, 3}, b = {10, -20, 30};
  struct vec3 c = vadd(a, b);
  CHECK_INT(c.x, 11);
  CHECK_INT(c.y, -18);
  CHECK_INT(c.z, 33);
  struct pair p = swap((struct pair){'x', 'y'});
  CHECK_INT(p.a, 'y');
  CHECK_INT(p.b, 'x');
  struct big g = make_big(100);
  CHECK_INT(sum_big(g, 5), 5 + 16 * 100 + 120);
  CHECK_INT(g.v[0], 100);
  struct mixed m = {'A', 0x100000000LL, -3};
  CHECK_INT(mix(1, 0x7fffffff00LL, m, 2), 1 + 0x7fffffff00LL + 'A' + 0x100000000LL - 3 + 2);
  return check_done();
}
