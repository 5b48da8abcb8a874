/* pthread_key_create, pthread_key_delete - thread-specific data keys.
 *
 * A key is a slot of __keys with a sequence number, odd while the key exists; creating and
 * deleting each advance it. A thread's value for key k counts only if it was set under the
 * current number (pthread_setspecific stores it beside the value), so a deleted key's values
 * vanish from every thread at once and a new key in the same slot starts at NULL everywhere,
 * without visiting the threads. */
#include <errno.h>
#include <pthread.h>

#include "lock.h"
#include "pthread_impl.h"

struct __key __keys[PTHREAD_KEYS_MAX];
static volatile int keys_lock;

int pthread_key_create(pthread_key_t* k, void (*destructor)(void*)) {
  __lock(&keys_lock);
  for (unsigned i = 0; i < PTHREAD_KEYS_MAX; i++) {
    if (!(__keys[i].seq & 1)) {
      __keys[i].destructor = destructor;
      __keys[i].seq++;
      __unlock(&keys_lock);
      *k = i;
      return 0;
    }
  }
  __unlock(&keys_lock);
  return EAGAIN;
}

int pthread_key_delete(pthread_key_t k) {
  if (k >= PTHREAD_KEYS_MAX) return EINVAL;
  __lock(&keys_lock);
  int live = __keys[k].seq & 1;
  if (live) {
    __keys[k].seq++;
    __keys[k].destructor = 0;
  }
  __unlock(&keys_lock);
  return live ? 0 : EINVAL;
}
