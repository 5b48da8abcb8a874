# Toolchain file for Kasane target code: Debian's MIPS cross compiler, used freestanding.
# Programs link statically at 0x00400000 as Linux o32 executables, so the same file runs on
# kasane-sim (under the Kasane OS) and under qemu-mipsel.
set(CMAKE_SYSTEM_NAME Generic)
set(CMAKE_SYSTEM_PROCESSOR mips)
set(CMAKE_C_COMPILER mipsel-linux-gnu-gcc)
set(CMAKE_ASM_COMPILER mipsel-linux-gnu-gcc)
set(CMAKE_AR mipsel-linux-gnu-ar)
set(CMAKE_RANLIB mipsel-linux-gnu-ranlib)
set(CMAKE_OBJDUMP mipsel-linux-gnu-objdump)
set(CMAKE_TRY_COMPILE_TARGET_TYPE STATIC_LIBRARY)

# -mno-fix-loongson3-llsc: Debian's assembler puts a `sync` before every `ll` by default, a
# Loongson 3 erratum workaround that Kasane does not need and that would be in every lock.
set(KASANE_TARGET_FLAGS "-march=mips32r2 -mno-abicalls -fno-pic -ffreestanding -nostdlib -Wa,-mno-fix-loongson3-llsc")
set(CMAKE_C_FLAGS_INIT "${KASANE_TARGET_FLAGS} -O2 -g -Wall -Wextra -fno-builtin-printf")
set(CMAKE_ASM_FLAGS_INIT "${KASANE_TARGET_FLAGS} -g")
# User code follows the stock hard-float o32 ABI (doubles in $f0/$f12/$f14, FPU instructions),
# the same as Debian's libgcc and a plain `mipsel-linux-gnu-gcc -static` program; only the kernel
# is soft-float (os/CMakeLists.txt). So the FP-ABI tags agree; what remains is that libgcc is
# built abicalls and our code -mno-abicalls, which ld reports for every libgcc member linked,
# harmlessly for static executables: --no-warn-mismatch keeps that noise out of the build.
set(CMAKE_EXE_LINKER_FLAGS_INIT "-static -Wl,--no-warn-mismatch")
set(CMAKE_C_STANDARD_LIBRARIES "-lgcc")
