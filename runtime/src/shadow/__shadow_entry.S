/* __shadow_entry - where a sibling context starts (shadow_create TFORKs it here with $a0 = its
 * struct shadow_sibling and $gp copied, every other register 0): take the stack, run
 * __shadow_sibling_main, and when it returns (quit) tell the forker and TEXIT.
 *
 * The last steps are here and not in C because the forker unmaps the stack as soon as it sees
 * `exited`: from that store on, the context touches only registers. */
#include <kasane/kasane_isa.h>
#include "shadow_impl.h"

	.text
	.globl	__shadow_entry
	.type	__shadow_entry, @function
	.ent	__shadow_entry
	.set	noreorder
__shadow_entry:
	move	$s0, $a0			/* callee-saved: still the sibling after the call */
	lw	$sp, SHADOW_OFF_SP($s0)		/* 8-aligned, with the o32 16-byte argument area above */
	move	$ra, $zero			/* nothing to return to: ends backtraces */
	jal	__shadow_sibling_main
	move	$fp, $zero			/* delay slot */
	/* Everything the sibling wrote is ordered before `exited`, so the forker that sees it may
	 * reuse and unmap the memory. */
	sync
	li	$t0, 1
	sw	$t0, SHADOW_OFF_EXITED($s0)
	texit
	break					/* TEXIT does not return */
	.end	__shadow_entry
	.size	__shadow_entry, . - __shadow_entry

	.section .note.GNU-stack, "", %progbits
