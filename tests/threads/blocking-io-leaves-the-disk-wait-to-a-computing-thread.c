/* blocking-io-leaves-the-disk-wait-to-a-computing-thread - the E6 workload (workloads/blockio) on a
 * 256 KiB file: one thread writes it in 8 KiB requests while another computes, then reads it back
 * the same way. The file is twice the buffer cache, so the read waits for the disk too. Each run
 * checks (blockio.c, "Checks"): the computing thread got work done while the I/O thread waited
 * (with one context only because the kernel notified the runtime), every word of the file is
 * right, and reading its last 64 KiB again from the buffer cache raises no notification at all.
 * Here, with the shortcut (KASANE_NOTIFY_SHORTCUT) off, every request also raised BLOCKED.
 * Files: blockio
 * Expect: status 0 */
#define BLOCKIO_MAIN blockio_main
#include "../../workloads/blockio/blockio.c"

/* Each request waits for the disk, so each raises BLOCKED at least once; and the computing
 * thread gets on meanwhile. */
static int notified_and_computed(const char* what) {
  int ok = last_blocked >= last_requests && last_requests > 0 && last_units > 0;
  if (!ok)
    printf("%s: %u requests, %u BLOCKED, %lu work units\n", what, last_requests, last_blocked,
           last_units);
  return ok;
}

int main(void) {
  char* write_args[] = {"blockio", "write", "8192", "262144", "compute", 0};
  char* read_args[] = {"blockio", "read", "8192", "262144", "compute", 0};
  int bad = blockio_main(5, write_args) != 0;
  bad |= !notified_and_computed("write");
  bad |= blockio_main(5, read_args) != 0;
  bad |= !notified_and_computed("read");
  return bad;
}
