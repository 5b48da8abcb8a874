/* __lazy_entry, __lazy_start, __lazy_call_on - the three places where the lazy-threads runtime
 * changes stacks by hand.
 *
 * __lazy_entry: where a worker context starts (lazy_run TFORKs it with $a0 = its struct
 * lazy_worker, $gp copied, every other register 0): take the worker's stack, run the scheduler
 * loop, and when it returns (the run is over) say so and TEXIT. The last steps are here, not in
 * C, because lazy_run frees the stack as soon as it sees `exited`.
 *
 * __lazy_start(sp, fn, arg): run fn(arg) on the stack that ends at sp; fn never returns (a
 * thread leaves with longjmp to its worker's scheduler loop).
 *
 * __lazy_call_on(sp, fn, arg): call fn(arg) on the stack that ends at sp and come back: the
 * caller's $sp and $ra wait in the new stack's first frame. This is what gcc's split stack does
 * in __morestack, done by lazy_call instead of by a prologue the compiler adds (gcc has no
 * -fsplit-stack for MIPS). */
#include "lazy_impl.h"

	.text
	.set	noreorder

	.globl	__lazy_entry
	.type	__lazy_entry, @function
	.ent	__lazy_entry
__lazy_entry:
	move	$s0, $a0			/* callee-saved: still the worker after the call */
	lw	$sp, LAZY_OFF_SP($s0)		/* 8-aligned, with the o32 argument area above */
	move	$ra, $zero
	jal	__lazy_worker_main
	move	$fp, $zero			/* delay slot */
	sync					/* all the worker wrote, before `exited` */
	li	$t0, 1
	sw	$t0, LAZY_OFF_EXITED($s0)
	texit
	break					/* TEXIT does not return */
	.end	__lazy_entry
	.size	__lazy_entry, . - __lazy_entry

	.globl	__lazy_start
	.type	__lazy_start, @function
	.ent	__lazy_start
__lazy_start:
	addiu	$sp, $a0, -16			/* the o32 argument area of fn's frame */
	move	$t9, $a1
	move	$a0, $a2
	move	$ra, $zero			/* nothing to return to: ends backtraces */
	jalr	$t9
	move	$fp, $zero			/* delay slot */
	break					/* fn does not return */
	.end	__lazy_start
	.size	__lazy_start, . - __lazy_start

	.globl	__lazy_call_on
	.type	__lazy_call_on, @function
	.ent	__lazy_call_on
__lazy_call_on:
	addiu	$a0, $a0, -24			/* argument area (16) + saved $sp and $ra */
	sw	$sp, 16($a0)
	sw	$ra, 20($a0)
	move	$sp, $a0
	move	$t9, $a1
	jalr	$t9
	move	$a0, $a2			/* delay slot */
	lw	$ra, 20($sp)
	lw	$sp, 16($sp)
	jr	$ra
	nop
	.end	__lazy_call_on
	.size	__lazy_call_on, . - __lazy_call_on

	.section .note.GNU-stack, "", %progbits
