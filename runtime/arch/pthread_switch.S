/* runtime/arch/pthread_switch.S - the thread library's assembly: the voluntary switch between
 * two threads, the full-register resume through the kernel, and the first instructions of every
 * kind of flow the library starts (src/thread/pthread_impl.h declares them all).
 *
 * Built into both libraries; KASANE_THREADS_HW adds what only the hw backend runs (tfork
 * entries, texit, the upcall entry), so the conventional library holds no thread instruction. */
#include <kasane/kasane_isa.h>
#include <kasane/syscall_nr.h>

#include "pthread_arch.h"

	.text
	.set	noreorder

/* void __switch(struct __pthread* from, struct __pthread* to, int idx)
 *
 * Save what a call preserves into from->ctx, then publish `to` as the thread of this context and
 * load to->ctx. The slots are found from the CPU number read here (__prev and __running at
 * __run_idx), not from idx: the kernel may have moved the process to another core since the caller
 * read idx, and a slot of the old CPU number would leave the new one (which the kernel moved
 * along) naming `from`, so that `to` would take itself for `from`. The three stores are ordered
 * for the hw upcall, which may interrupt at any instruction and must find out whose registers the
 * kernel saved (src/thread/__backend_hw.c, interrupted()): __prev first, then __running, then the
 * kernel's own slot __thmbs. Between the last two the slot still names `from` while __running
 * names `to`: a save there goes into from's regs, and to's regs.pc stays 0, which is how the
 * upcall tells. After the slot store a save goes into to's regs, which a voluntarily switched
 * thread does not use. Nothing here touches a stack, so an upcall that runs in between (on its own
 * stack) disturbs nothing.
 *
 * The FPU part: __switch is an ordinary call, so the o32 ABI lets it clobber $f0..$f19 but it
 * must hand back $f20..$f31 as they were, and those belong to the thread, not the context: a
 * thread that keeps a double in $f20 across pthread_yield must find it there when it comes back,
 * after other threads ran on the same context. FCSR is per thread for the same reason (a
 * fesetround in one thread must not leak into another). A fresh thread's ctx is zero: FCSR 0 is
 * round to nearest with no traps enabled. The saves are sdc1 of the even registers, each holding
 * an FR=0 pair (see src/setjmp/setjmp.S for why that is also right for FPXX and FR=1). */
	.globl	__switch
	.type	__switch, @function
	.ent	__switch
__switch:
	sw	$s0, THMB_CTX+0($a0)
	sw	$s1, THMB_CTX+4($a0)
	sw	$s2, THMB_CTX+8($a0)
	sw	$s3, THMB_CTX+12($a0)
	sw	$s4, THMB_CTX+16($a0)
	sw	$s5, THMB_CTX+20($a0)
	sw	$s6, THMB_CTX+24($a0)
	sw	$s7, THMB_CTX+28($a0)
	sw	$fp, THMB_CTX+32($a0)
	sw	$sp, THMB_CTX_SP($a0)
	sw	$ra, THMB_CTX_RA($a0)
	sw	$gp, THMB_CTX_GP($a0)
	sdc1	$f20, THMB_CTX_F+0($a0)
	sdc1	$f22, THMB_CTX_F+8($a0)
	sdc1	$f24, THMB_CTX_F+16($a0)
	sdc1	$f26, THMB_CTX_F+24($a0)
	sdc1	$f28, THMB_CTX_F+32($a0)
	sdc1	$f30, THMB_CTX_F+40($a0)
	cfc1	$t2, $31
	sw	$t2, THMB_CTX_FCSR($a0)
#ifdef KASANE_THREADS_HW
	tid	$t3				/* hw, one core: __prev and __running by LTN - 1 */
	addiu	$t3, $t3, -1
	sll	$t3, $t3, 2
	lui	$t1, %hi(__multicore)		/* one core: the CPU number is LTN - 1 (__ctx_idx) */
	lw	$t1, %lo(__multicore)($t1)
	beqz	$t1, 1f
	move	$t0, $t3			/* delay slot */
#endif
	rdhwr	$t0, $0				/* the CPU number now, not idx: see above */
	sll	$t0, $t0, 2
	move	$t3, $t0			/* hw on several cores too: __run_idx is idx */
1:
	lui	$t1, %hi(__prev)
	addu	$t1, $t1, $t3
	sw	$a0, %lo(__prev)($t1)
	lui	$t1, %hi(__running)
	addu	$t1, $t1, $t3
	sw	$a1, %lo(__running)($t1)
	lui	$t1, %hi(THREAD_TAG_VA)		/* the simulator's timeline: `to` runs here */
	sw	$a1, %lo(THREAD_TAG_VA)($t1)
	lui	$t1, %hi(__thmbs)
	addu	$t1, $t1, $t0
	sw	$a1, %lo(__thmbs)($t1)
	lw	$s0, THMB_CTX+0($a1)
	lw	$s1, THMB_CTX+4($a1)
	lw	$s2, THMB_CTX+8($a1)
	lw	$s3, THMB_CTX+12($a1)
	lw	$s4, THMB_CTX+16($a1)
	lw	$s5, THMB_CTX+20($a1)
	lw	$s6, THMB_CTX+24($a1)
	lw	$s7, THMB_CTX+28($a1)
	lw	$fp, THMB_CTX+32($a1)
	ldc1	$f20, THMB_CTX_F+0($a1)
	ldc1	$f22, THMB_CTX_F+8($a1)
	ldc1	$f24, THMB_CTX_F+16($a1)
	ldc1	$f26, THMB_CTX_F+24($a1)
	ldc1	$f28, THMB_CTX_F+32($a1)
	ldc1	$f30, THMB_CTX_F+40($a1)
	lw	$t2, THMB_CTX_FCSR($a1)
	ctc1	$t2, $31
	lw	$sp, THMB_CTX_SP($a1)
	lw	$ra, THMB_CTX_RA($a1)
	jr	$ra
	lw	$gp, THMB_CTX_GP($a1)		/* delay slot */
	.globl	__switch_end
__switch_end:
	.end	__switch
	.size	__switch, . - __switch

/* The first __switch to a fresh thread lands here with $s0 = its ThMB, $sp = its stack_top,
 * $gp = 0 (a fresh ctx holds none): take the program's $gp, then C. */
	.globl	__thread_trampoline
	.type	__thread_trampoline, @function
	.ent	__thread_trampoline
__thread_trampoline:
	la	$gp, _gp
	j	__thread_resume_start
	move	$a0, $s0			/* delay slot */
	.end	__thread_trampoline
	.size	__thread_trampoline, . - __thread_trampoline

/* The same for an idle ThMB. */
	.globl	__idle_trampoline
	.type	__idle_trampoline, @function
	.ent	__idle_trampoline
__idle_trampoline:
	la	$gp, _gp
	j	__idle_resume_start
	move	$a0, $s0			/* delay slot */
	.end	__idle_trampoline
	.size	__idle_trampoline, . - __idle_trampoline

/* void __fpregs_load(const struct __fpregs* fp), void __fpregs_save(struct __fpregs* fp)
 *
 * Load the whole FPU from fp, or store it there (layout: pthread_impl.h): for a thread taken off
 * its context at an arbitrary instruction, where every FP register may be live. The hw backend
 * loads a thread's before resuming it from the registers the kernel saved; the conventional
 * backend's SIGIO handler saves and reloads the interrupted thread's around its switches. */
	.globl	__fpregs_load
	.type	__fpregs_load, @function
	.ent	__fpregs_load
__fpregs_load:
	lw	$t0, 128($a0)
	ctc1	$t0, $31
	ldc1	$f0, 0($a0)
	ldc1	$f2, 8($a0)
	ldc1	$f4, 16($a0)
	ldc1	$f6, 24($a0)
	ldc1	$f8, 32($a0)
	ldc1	$f10, 40($a0)
	ldc1	$f12, 48($a0)
	ldc1	$f14, 56($a0)
	ldc1	$f16, 64($a0)
	ldc1	$f18, 72($a0)
	ldc1	$f20, 80($a0)
	ldc1	$f22, 88($a0)
	ldc1	$f24, 96($a0)
	ldc1	$f26, 104($a0)
	ldc1	$f28, 112($a0)
	ldc1	$f30, 120($a0)
	jr	$ra
	nop
	.end	__fpregs_load
	.size	__fpregs_load, . - __fpregs_load

	.globl	__fpregs_save
	.type	__fpregs_save, @function
	.ent	__fpregs_save
__fpregs_save:
	sdc1	$f0, 0($a0)
	sdc1	$f2, 8($a0)
	sdc1	$f4, 16($a0)
	sdc1	$f6, 24($a0)
	sdc1	$f8, 32($a0)
	sdc1	$f10, 40($a0)
	sdc1	$f12, 48($a0)
	sdc1	$f14, 56($a0)
	sdc1	$f16, 64($a0)
	sdc1	$f18, 72($a0)
	sdc1	$f20, 80($a0)
	sdc1	$f22, 88($a0)
	sdc1	$f24, 96($a0)
	sdc1	$f26, 104($a0)
	sdc1	$f28, 112($a0)
	sdc1	$f30, 120($a0)
	cfc1	$t0, $31
	jr	$ra
	sw	$t0, 128($a0)			/* delay slot */
	.end	__fpregs_save
	.size	__fpregs_save, . - __fpregs_save

#ifdef KASANE_THREADS_HW

/* void __resume_stub(struct kasane_regs* regs, struct __pthread* volatile* slot,
 *                    struct __pthread* t)
 *
 * *slot = t, then kasane_notify_resume(regs): the kernel loads every register from regs, so t
 * continues exactly where its registers were saved. regs is a copy, never t's own save area: an
 * upcall that comes after the store (at __resume_stub_window or the syscall after it) saves this
 * stub's registers into t's regs, and the upcall finds t's real ones at $a0 of that save. */
	.globl	__resume_stub
	.globl	__resume_stub_window
	.type	__resume_stub, @function
	.ent	__resume_stub
__resume_stub:
	sw	$a2, 0($a1)
__resume_stub_window:
	li	$v0, SYS_kasane_notify_resume
	syscall
	break					/* the kernel refused regs: nothing sensible is left */
	.end	__resume_stub
	.size	__resume_stub, . - __resume_stub

/* void __resume_ctx_stub(struct __pthread* t, struct __pthread* volatile* slot,
 *                        const volatile uint32_t* pending)
 *
 * Continue t, switched out by __switch, at its ctx, with no system call: load what __switch
 * saved (callee-saved registers, $sp, $gp, $ra, $f20..$f31, FCSR), then *slot = t, then look at
 * the kernel's pending word (<kasane/notify.h>): an event that queued while the slot was 0
 * (inside the handler) is delivered only on a return to user mode, so if one waits, make a
 * system call (getpid) whose way back delivers it. Every register that matters is t's before
 * the slot names t: an upcall after the store saves them into t's regs and, resumed from there,
 * t runs the rest of this stub, which is right. */
	.globl	__resume_ctx_stub
	.type	__resume_ctx_stub, @function
	.ent	__resume_ctx_stub
__resume_ctx_stub:
	lw	$s0, THMB_CTX+0($a0)
	lw	$s1, THMB_CTX+4($a0)
	lw	$s2, THMB_CTX+8($a0)
	lw	$s3, THMB_CTX+12($a0)
	lw	$s4, THMB_CTX+16($a0)
	lw	$s5, THMB_CTX+20($a0)
	lw	$s6, THMB_CTX+24($a0)
	lw	$s7, THMB_CTX+28($a0)
	lw	$fp, THMB_CTX+32($a0)
	ldc1	$f20, THMB_CTX_F+0($a0)
	ldc1	$f22, THMB_CTX_F+8($a0)
	ldc1	$f24, THMB_CTX_F+16($a0)
	ldc1	$f26, THMB_CTX_F+24($a0)
	ldc1	$f28, THMB_CTX_F+32($a0)
	ldc1	$f30, THMB_CTX_F+40($a0)
	lw	$t0, THMB_CTX_FCSR($a0)
	ctc1	$t0, $31
	lw	$sp, THMB_CTX_SP($a0)
	lw	$ra, THMB_CTX_RA($a0)
	lw	$gp, THMB_CTX_GP($a0)
	sw	$a0, 0($a1)
	sync					/* the slot before our look at the word */
	lw	$t0, 0($a2)
	beqz	$t0, 1f
	nop
	li	$v0, SYS_getpid
	syscall
1:	jr	$ra
	nop
	.end	__resume_ctx_stub
	.size	__resume_ctx_stub, . - __resume_ctx_stub

/* void __ctx_load_fp(struct __pthread* t)
 *
 * Load t's switch-saved $f20..$f31 and FCSR into the FPU. The hw backend continues a thread
 * switched out by __switch through the kernel (resume_ctx in __backend_hw.c), and the kernel
 * loads only the integer registers of struct kasane_regs: the FP half of t's ctx comes back here,
 * just before the resume, on a path that uses no FP itself. */
	.globl	__ctx_load_fp
	.type	__ctx_load_fp, @function
	.ent	__ctx_load_fp
__ctx_load_fp:
	ldc1	$f20, THMB_CTX_F+0($a0)
	ldc1	$f22, THMB_CTX_F+8($a0)
	ldc1	$f24, THMB_CTX_F+16($a0)
	ldc1	$f26, THMB_CTX_F+24($a0)
	ldc1	$f28, THMB_CTX_F+32($a0)
	ldc1	$f30, THMB_CTX_F+40($a0)
	lw	$t0, THMB_CTX_FCSR($a0)
	jr	$ra
	ctc1	$t0, $31			/* delay slot */
	.end	__ctx_load_fp
	.size	__ctx_load_fp, . - __ctx_load_fp

/* tfork starts a new thread here with $a0 = its ThMB and $gp copied, every other register 0. */
	.globl	__thread_entry
	.type	__thread_entry, @function
	.ent	__thread_entry
__thread_entry:
	j	__thread_start
	lw	$sp, THMB_STACK_TOP($a0)	/* delay slot */
	.end	__thread_entry
	.size	__thread_entry, . - __thread_entry

/* tfork starts a runner here (a context to run the ready queue on): it becomes the context's
 * idle ThMB, on that ThMB's stack, which it finds through its CPU number (rdhwr $0). */
	.globl	__runner_entry
	.type	__runner_entry, @function
	.ent	__runner_entry
__runner_entry:
	rdhwr	$t0, $0
	sll	$t0, $t0, 2
	lui	$t1, %hi(__idle)
	addu	$t1, $t1, $t0
	lw	$a0, %lo(__idle)($t1)
	j	__runner_start
	lw	$sp, THMB_STACK_TOP($a0)	/* delay slot */
	.end	__runner_entry
	.size	__runner_entry, . - __runner_entry

/* The kernel enters here on a notification with $a0-$a3 = event, ThMB, argument, CPU number + 1
 * and $sp = this context's upcall stack; $gp is whatever the interrupted code had. */
	.globl	__upcall_entry
	.type	__upcall_entry, @function
	.ent	__upcall_entry
__upcall_entry:
	la	$gp, _gp
	/* The kernel saved only the integer registers; the interrupted thread's FPU is still
	 * here, untouched (the kernel is soft-float). Keep all of it before any C runs: for
	 * BLOCKED (1) the saved registers are those of the thread in $a1, so straight into its
	 * kfp; for any other event in __upcall_fp[$a3 - 1], and __upcall hands it to the thread
	 * whose registers were saved, which it works out. */
	li	$t1, 1				/* KASANE_EV_BLOCKED */
	beq	$a0, $t1, 1f
	addiu	$t0, $a1, THMB_KFP		/* delay slot */
	addiu	$t0, $a3, -1
	li	$t1, FPREGS_SIZE
	mul	$t0, $t0, $t1
	la	$t1, __upcall_fp
	addu	$t0, $t0, $t1
1:	sdc1	$f0, 0($t0)
	sdc1	$f2, 8($t0)
	sdc1	$f4, 16($t0)
	sdc1	$f6, 24($t0)
	sdc1	$f8, 32($t0)
	sdc1	$f10, 40($t0)
	sdc1	$f12, 48($t0)
	sdc1	$f14, 56($t0)
	sdc1	$f16, 64($t0)
	sdc1	$f18, 72($t0)
	sdc1	$f20, 80($t0)
	sdc1	$f22, 88($t0)
	sdc1	$f24, 96($t0)
	sdc1	$f26, 104($t0)
	sdc1	$f28, 112($t0)
	sdc1	$f30, 120($t0)
	cfc1	$t1, $31
	j	__upcall
	sw	$t1, 128($t0)			/* delay slot: FCSR */
	.end	__upcall_entry
	.size	__upcall_entry, . - __upcall_entry

/* void __texit_context(int idx, struct __pthread* t): with __sched_lock held, leave context idx
 * for good. The slot goes first (from then on the kernel delivers nothing here, so no upcall can
 * save into a ThMB that someone frees), then (sync: what the critical section wrote is visible
 * first) t's on_stack mark, if t is a thread whose stack this was and which its exit put in the
 * cache, then the lock, then texit. After the first of those two stores nothing here touches
 * memory but the lock word: the stack we are on may be reused at once. */
	.globl	__texit_context
	.type	__texit_context, @function
	.ent	__texit_context
__texit_context:
	sll	$t0, $a0, 2
	lui	$t1, %hi(__thmbs)
	addu	$t1, $t1, $t0
	sw	$zero, %lo(__thmbs)($t1)
	sync
	beqz	$a1, 1f
	lui	$t1, %hi(__sched_lock)		/* delay slot */
	sw	$zero, THMB_ON_STACK($a1)
1:	sw	$zero, %lo(__sched_lock)($t1)
	texit
	break					/* texit does not return */
	.end	__texit_context
	.size	__texit_context, . - __texit_context

#endif /* KASANE_THREADS_HW */

	.section .note.GNU-stack, "", %progbits
