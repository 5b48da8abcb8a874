# --- Context mode (os.smt_sched = context: every hardware context a CPU, os/ctxsched.c). The
# programs of tests/ctx, which only it has, on one core of 4 contexts and two cores of 2; and every
# tests/os, tests/threads, tests/glibc and tests/smp program on both machines too, and the system
# call fuzzer on a few seeds. Included by tests/CMakeLists.txt.
#
# The whole set is large (a thousand runs), so the variants of the existing suites carry the label
# ctx-full, which scripts/test.sh (and so CI) leaves out; a sample of each runs by default (no
# label), with every tests/ctx program. The whole set:
#     ctest --test-dir build -L ctx-full -j2
# A deadlock the simulator cannot see (a spin) ends at sim.max_cycles, well past the one-second
# sleeps some programs make, rather than at the test timeout.
set(CTX_ARGS --sim-arg=--set=os.smt_sched=context --sim-arg=--set=sim.max_cycles=20000000000)
set(CTX_MODEL_ARGS_iss-1x4 --sim-arg=--set=sim.model=iss --sim-arg=--set=core.contexts=4)
set(CTX_MODEL_ARGS_iss-2x2 --sim-arg=--set=sim.model=iss --sim-arg=--set=core.contexts=2
    --sim-arg=--set=platform.cores=2 --sim-arg=--set=core.smp_start=true)
set(CTX_MODEL_ARGS_pipeline-1x4
    --sim-arg=--config=${CMAKE_SOURCE_DIR}/configs/machines/default.toml
    --sim-arg=--set=sim.check=true)

# The sample of each suite that runs by default: a few programs of each kind of behaviour.
set(CTX_SAMPLE_os
    "iss-1x4/spawn-wait-and-exit-status" "iss-1x4/kill-terminates-child"
    "iss-1x4/processes-never-see-each-others-memory"
    "iss-1x4/sixty-four-clone-threads-on-four-contexts-count-under-a-futex-lock"
    "iss-1x4/notification-that-kills-its-process-ends-its-parked-wait"
    "iss-1x4/process-using-all-contexts-is-preempted-with-registers-intact"
    "iss-1x4/threads-forking-their-successors-cannot-hold-the-core"
    "iss-1x4/mwait-with-no-monitor-of-its-own-answers-not-armed"
    "iss-2x2/fp-state-survives-preemption-between-processes"
    "pipeline-1x4/cold-read-blocks-one-thread-and-compute-runs"
    "pipeline-1x4/clone-threads-share-memory-files-and-signals"
    "pipeline-1x4/store-to-null-kills-only-that-process")
set(CTX_SAMPLE_threads
    "hw/iss-1x4/mutex-serialises-a-counter-of-64-threads"
    "hw/iss-2x2/threaded-process-moved-between-cores-loses-no-update"
    "conventional/iss-1x4/barrier-rounds-keep-threads-in-step"
    "conventional/iss-2x2/cond-timedwait-times-out-and-retakes-the-mutex"
    "kernel/iss-2x2")
set(CTX_SAMPLE_glibc "iss-1x4/nptl-threads-mutex-cond-and-barrier" "iss-1x4/hello-world"
    "iss-2x2/tgkill-and-kill-give-linux-si-code-and-sender")
set(CTX_SAMPLE_smp "iss-1x4/two-processes-on-two-cores-run-concurrently"
    "iss-2x2/kill-reaches-a-process-on-another-core"
    "iss-2x2/munmap-faults-on-the-core-the-process-left"
    "iss-2x2/threads-of-one-process-on-two-cores-add-to-one-counter")

# add_ctx_test(SUITE KEY NAME COMMAND...): test SUITE/ctx-KEY, labelled ctx-full unless KEY is in
# the suite's sample.
function(add_ctx_test suite key)
  add_test(NAME ${suite}/ctx-${key} COMMAND ${ARGN})
  set_tests_properties(${suite}/ctx-${key} PROPERTIES ENVIRONMENT "PYTHONDONTWRITEBYTECODE=1")
  if(NOT key IN_LIST CTX_SAMPLE_${suite})
    set_tests_properties(${suite}/ctx-${key} PROPERTIES LABELS ctx-full)
  endif()
endfunction()

# The programs of tests/ctx: all of them, by default.
file(GLOB CTX_TESTS CONFIGURE_DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/ctx/*.c)
foreach(src ${CTX_TESTS})
  get_filename_component(name ${src} NAME_WE)
  foreach(model iss-1x4 iss-2x2)
    add_test(NAME ctx/${model}/${name}
             COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/os/run_os_tests.py
                     --source-dir ${CMAKE_CURRENT_SOURCE_DIR}/ctx
                     --build-dir ${KASANE_TARGET_DIR}/tests_ctx
                     --sim ${KASANE_SIM} --kernel ${KASANE_KERNEL} ${CTX_MODEL_ARGS_${model}}
                     ${CTX_ARGS} --timeout ${TARGET_TIMEOUT} ${name})
    set_tests_properties(ctx/${model}/${name} PROPERTIES ENVIRONMENT "PYTHONDONTWRITEBYTECODE=1")
  endforeach()
endforeach()

# tests/os: every program on both machines and the checked pipeline; on two cores of 2 contexts
# not the three that need 4 contexts on a core (as in core mode there).
foreach(src ${OS_TESTS})
  get_filename_component(name ${src} NAME_WE)
  set(models iss-1x4 iss-2x2 pipeline-1x4)
  if(name MATCHES "^(tfork-racing-the-kernels-context-start-is-eagain-not-a-panic|threads-forking-their-successors-cannot-hold-the-core|process-using-all-contexts-is-preempted-with-registers-intact)$")
    set(models iss-1x4 pipeline-1x4)
  endif()
  if(name MATCHES "${OS_ISS_ONLY}")
    list(REMOVE_ITEM models pipeline-1x4)
  endif()
  foreach(model ${models})
    add_ctx_test(os ${model}/${name}
                 ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/os/run_os_tests.py
                 --build-dir ${KASANE_TARGET_DIR}/tests_os --sim ${KASANE_SIM}
                 --kernel ${KASANE_KERNEL} ${CTX_MODEL_ARGS_${model}} ${CTX_ARGS}
                 --timeout ${TARGET_TIMEOUT} ${name})
  endforeach()
endforeach()

# tests/threads: the hw and conventional backends' programs on both machines (those that need
# several cores on two only); the kernel backend's, one ctest per machine, without the ones its
# core-mode runs leave out too (they count notifications 1:1 threads never ask for).
foreach(src ${THREAD_TESTS} ${CMAKE_CURRENT_SOURCE_DIR}/threads/threaded-process-moved-between-cores-loses-no-update.c
        ${CMAKE_CURRENT_SOURCE_DIR}/threads/threads-on-every-context-of-every-core-lose-no-update.c
        ${CMAKE_CURRENT_SOURCE_DIR}/threads/pinned-thread-runs-only-on-its-cores.c)
  get_filename_component(name ${src} NAME_WE)
  set(models iss-1x4 iss-2x2)
  if(name IN_LIST THREAD_TESTS_CORES)
    set(models iss-2x2)
  endif()
  foreach(backend hw conventional)
    foreach(model ${models})
      add_ctx_test(threads ${backend}/${model}/${name}
                   ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/threads/run_thread_tests.py
                   --build-dir ${KASANE_TARGET_DIR}/tests_threads --backend ${backend}
                   --sim ${KASANE_SIM} --kernel ${KASANE_KERNEL} ${CTX_MODEL_ARGS_${model}}
                   ${CTX_ARGS} --timeout ${TARGET_TIMEOUT} ${name})
    endforeach()
  endforeach()
endforeach()
set(CTX_THREAD_NAMES_KERNEL "")
foreach(src ${THREAD_TESTS})
  get_filename_component(name ${src} NAME_WE)
  if(NOT name IN_LIST THREAD_TESTS_KERNEL_NOTIFY)
    list(APPEND CTX_THREAD_NAMES_KERNEL ${name})
  endif()
endforeach()
foreach(model iss-1x4 iss-2x2)
  set(names ${CTX_THREAD_NAMES_KERNEL})
  if(model STREQUAL "iss-2x2")
    list(APPEND names ${THREAD_TESTS_KERNEL_CORES})
  endif()
  add_ctx_test(threads kernel/${model}
               ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/threads/run_thread_tests.py
               --build-dir ${KASANE_TARGET_DIR}/tests_threads --backend kernel
               --sim ${KASANE_SIM} --kernel ${KASANE_KERNEL} ${CTX_MODEL_ARGS_${model}}
               ${CTX_ARGS} --timeout ${TARGET_TIMEOUT} ${names})
endforeach()

# tests/glibc: every program on both machines, compared with qemu-mipsel as in core mode. Twice
# the usual timeout: the 8-process pipeline takes 30 s of host time on 2 x 2 (9 s in core mode),
# and twice that on a loaded machine.
math(EXPR CTX_GLIBC_TIMEOUT "2 * ${TARGET_TIMEOUT}")
foreach(src ${GLIBC_TESTS})
  get_filename_component(name ${src} NAME_WE)
  foreach(model iss-1x4 iss-2x2)
    add_ctx_test(glibc ${model}/${name}
                 ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/target/run_tests.py
                 --source-dir ${CMAKE_CURRENT_SOURCE_DIR}/glibc
                 --build-dir ${KASANE_TARGET_DIR}/tests_glibc --sim ${KASANE_SIM}
                 --kernel ${KASANE_KERNEL} ${CTX_MODEL_ARGS_${model}} ${CTX_ARGS}
                 --timeout ${CTX_GLIBC_TIMEOUT} ${name})
  endforeach()
endforeach()

# tests/smp: every program on two cores of 2 contexts; on one core of 4, where a unit of placement
# is a context, all but the three that need two cores (a thread started on core 1, a TLB of another
# core, a thread moved to another core).
foreach(src ${SMP_TESTS})
  get_filename_component(name ${src} NAME_WE)
  set(models iss-1x4 iss-2x2)
  if(name MATCHES "^(threads-of-one-process-on-two-cores-add-to-one-counter|munmap-faults-on-the-core-the-process-left|thread-spinning-on-another-core-moves-when-its-affinity-excludes-it)$")
    set(models iss-2x2)
  endif()
  foreach(model ${models})
    add_ctx_test(smp ${model}/${name}
                 ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/os/run_os_tests.py
                 --source-dir ${CMAKE_CURRENT_SOURCE_DIR}/smp
                 --build-dir ${KASANE_TARGET_DIR}/tests_smp --sim ${KASANE_SIM}
                 --kernel ${KASANE_KERNEL} ${CTX_MODEL_ARGS_${model}} ${CTX_ARGS}
                 --timeout ${TARGET_TIMEOUT} ${name})
  endforeach()
endforeach()

# The system call fuzzer in context mode (scripts/sysfuzz.py's context models): one seed of each
# machine by default, eight of each under ctx-full; and, by default, seeds that found bugs. 34: a
# killed gang process whose threads slept kept its core from the thread it waited for (a hang).
foreach(model iss-context iss-context-2x2)
  foreach(seed 1 2 3 4 5 6 7 8)
    add_test(NAME sysfuzz/${model}/${seed}
             COMMAND ${Python3_EXECUTABLE} ${CMAKE_SOURCE_DIR}/scripts/sysfuzz.py --models ${model}
                     --jobs 1 --first-seed ${seed} --count 1 --seconds 600
                     --sim ${KASANE_SIM} --target-dir ${KASANE_TARGET_DIR})
    if(NOT (seed EQUAL 1 AND model STREQUAL "iss-context") AND
       NOT (seed EQUAL 2 AND model STREQUAL "iss-context-2x2"))
      set_tests_properties(sysfuzz/${model}/${seed} PROPERTIES LABELS ctx-full)
    endif()
  endforeach()
endforeach()
add_test(NAME sysfuzz/iss-context/34
         COMMAND ${Python3_EXECUTABLE} ${CMAKE_SOURCE_DIR}/scripts/sysfuzz.py --models iss-context
                 --jobs 1 --first-seed 34 --count 1 --seconds 600
                 --sim ${KASANE_SIM} --target-dir ${KASANE_TARGET_DIR})
