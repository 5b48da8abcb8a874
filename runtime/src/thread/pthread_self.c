/* pthread_self - the calling thread: the ThMB its context's slot names (hw: by the LTN that tid
 * gives; conventional: by CPUNum), the main thread's before any other exists. */
#include <pthread.h>

#include "pthread_impl.h"

pthread_t pthread_self(void) { return __self(); }
