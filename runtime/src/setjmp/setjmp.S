/* setjmp - save the callee-saved state into a jmp_buf and return 0.
 *
 * jmp_buf layout (words): s0..s7 at 0..28, s8/fp at 32, sp at 36, ra at 40, gp at 44. Only the
 * registers the o32 ABI says a call preserves need saving: everything else is already assumed
 * clobbered by the call to setjmp. Soft float, so no FPU registers. */
	.text
	.globl	setjmp
	.type	setjmp, @function
	.ent	setjmp
	.set	noreorder
setjmp:
	sw	$s0, 0($a0)
	sw	$s1, 4($a0)
	sw	$s2, 8($a0)
	sw	$s3, 12($a0)
	sw	$s4, 16($a0)
	sw	$s5, 20($a0)
	sw	$s6, 24($a0)
	sw	$s7, 28($a0)
	sw	$fp, 32($a0)
	sw	$sp, 36($a0)
	sw	$ra, 40($a0)
	sw	$gp, 44($a0)
	jr	$ra
	move	$v0, $zero		/* delay slot: return 0 */
	.end	setjmp
	.size	setjmp, . - setjmp

	.section .note.GNU-stack, "", %progbits
