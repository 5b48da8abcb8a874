/* The FP state of user threads. Each bound kernel thread keeps its user thread's FP registers
 * and FCSR in kt->fp (struct fpstate, proc.h); the context's FPU holds them only while the
 * thread's saved Status has CU1 set.
 *
 * Lazily: a thread starts with CU1 = 0, and its first FP instruction traps with Coprocessor
 * Unusable (Cause.CE = 1); fpu_enable then loads kt->fp into the FPU and sets CU1, and the
 * instruction runs again. When the thread gives up its context (sched(): a sleep, a process
 * switch, the end), fpu_release saves the FPU into kt->fp, clears the FPU and CU1. So a thread
 * that never uses the FPU costs nothing: no save, no restore, not one cycle more in the traps
 * that the experiments time. Eager switching would put 33 stores and 33 loads in every switch
 * of every program, and setting CU1 at exec with no switching at all would leave one process's
 * FP registers for the next.
 *
 * The kernel reads kt->fp only after fpu_flush (signal frames, kasane_ctx_spawn) and, having
 * written it, calls fpu_discard so that the next FP instruction loads the new values. */
#include "defs.h"
#include "mips.h"
#include "proc.h"

_Static_assert(offsetof(struct fpstate, fcsr) == 128, "fpuasm.S: FPSTATE_FCSR");

/* The CpU exception in tf (Cause.CE = 1) of bound thread kt: give kt the FPU. 0, or -1 if the
 * core has none (Config1.FP = 0). */
int fpu_enable(struct kthread* kt, struct trapframe* tf) {
  if (!(c0_read(CP0_CONFIG1) & CONFIG1_FP)) return -1;
  /* Not from user mode: Coprocessor Unusable comes only while CU1 is clear. */
  if (tf->status & ST_CU1) panic("fpu_enable: CU1 already set (pc 0x%x)", tf->epc);
  fpu_load(&kt->fp);
  tf->status |= ST_CU1;
  return 0;
}

/* Make kt->fp current: save the FPU into it if kt has the FPU. kt runs on its context. */
void fpu_flush(struct kthread* kt) {
  if (kt->ltn && (kt->tf->status & ST_CU1)) fpu_save(&kt->fp);
}

/* kt->fp was changed by the kernel: the FPU's copy is stale, so take the FPU away from kt; its
 * next FP instruction loads kt->fp. */
void fpu_discard(struct kthread* kt) { kt->tf->status &= ~ST_CU1; }

/* kt gives up its context: if it has the FPU, save the FPU into kt->fp and clear the FPU, so
 * that no value of it is left for whatever runs here next (another process's thread, or one
 * that a user TFORK starts with a copy of CU1). */
void fpu_release(struct kthread* kt) {
  if (!kt->ltn || !(kt->tf->status & ST_CU1)) return;
  fpu_save(&kt->fp);
  fpu_zero();
  kt->tf->status &= ~ST_CU1;
}
