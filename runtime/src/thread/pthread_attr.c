/* pthread_attr_* - thread attributes: stack size, the caller's own stack, detach state, guard
 * size. The all-zero attr is the default (PTHREAD_STACK_DEFAULT bytes from malloc with a
 * PTHREAD_GUARD_DEFAULT guard below them, joinable). The guard is rounded up to whole pages
 * (__idle.c: __thmb_alloc) and ignored for a stack of the caller's own, as POSIX allows. */
#include <errno.h>
#include <pthread.h>
#include <stdint.h>

int pthread_attr_init(pthread_attr_t* a) {
  a->__stacksize = PTHREAD_STACK_DEFAULT;
  a->__detach = PTHREAD_CREATE_JOINABLE;
  a->__stackaddr = 0;
  a->__guardsize = PTHREAD_GUARD_DEFAULT;
  a->__guardset = 1;
  a->__cpus = 0;
  return 0;
}

int pthread_attr_setguardsize(pthread_attr_t* a, size_t size) {
  a->__guardsize = size;
  a->__guardset = 1;
  return 0;
}

int pthread_attr_getguardsize(const pthread_attr_t* a, size_t* size) {
  *size = a->__guardset ? a->__guardsize : PTHREAD_GUARD_DEFAULT;
  return 0;
}

int pthread_attr_destroy(pthread_attr_t* a) {
  (void)a;
  return 0;
}

int pthread_attr_setstacksize(pthread_attr_t* a, size_t size) {
  if (size < PTHREAD_STACK_MIN) return EINVAL;
  a->__stacksize = size;
  return 0;
}

int pthread_attr_getstacksize(const pthread_attr_t* a, size_t* size) {
  *size = a->__stacksize ? a->__stacksize : PTHREAD_STACK_DEFAULT;
  return 0;
}

int pthread_attr_setdetachstate(pthread_attr_t* a, int state) {
  if (state != PTHREAD_CREATE_JOINABLE && state != PTHREAD_CREATE_DETACHED) return EINVAL;
  a->__detach = state;
  return 0;
}

int pthread_attr_getdetachstate(const pthread_attr_t* a, int* state) {
  *state = a->__detach;
  return 0;
}

/* addr is the lowest address of the stack, as POSIX says (not the top it grows down from). */
int pthread_attr_setstack(pthread_attr_t* a, void* addr, size_t size) {
  if (size < PTHREAD_STACK_MIN || ((uintptr_t)addr & 7)) return EINVAL;
  a->__stackaddr = addr;
  a->__stacksize = size;
  return 0;
}

int pthread_attr_getstack(const pthread_attr_t* a, void** addr, size_t* size) {
  *addr = a->__stackaddr;
  *size = a->__stackaddr ? a->__stacksize : 0;
  return 0;
}
