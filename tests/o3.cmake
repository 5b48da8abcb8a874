# --- The out-of-order core (sim.model = o3) under the reference check: the target, glibc, OS,
# thread, shadow and lazy programs on the default machine with o3 on one core of 2 contexts,
# checked against the ISS, and some of them on two such cores with the SMP kernel. The whole set
# has the label o3-full; a sample of it (label o3-sample) is what CI runs, since scripts/test.sh
# leaves o3-full out. `ctest -L o3` runs both. o3 runs a cycle in about three times the
# pipeline's host time, so its runs get three times the timeout.
math(EXPR O3_TIMEOUT "3 * ${TARGET_TIMEOUT}")
set(O3_ARGS --sim-arg=--config=${CMAKE_SOURCE_DIR}/configs/machines/default.toml
    --sim-arg=--set=sim.model=o3 --sim-arg=--set=core.contexts=2 ${CHECK_ARGS_o3})
set(O3_ARGS_2CORES ${O3_ARGS} --sim-arg=--set=platform.cores=2
    --sim-arg=--set=core.smp_start=true)
# The sample: a few programs of each suite that between them reach what the core does: calls and
# deep recursion (mispredicts, the return stack), every load and store width, LL/SC, exceptions,
# signals, FP, files on the disk (device waits), threads on both contexts (the hw backend's
# thread instructions and MWAIT, the conventional backend's kernel switches), shadow and lazy
# threads, a process on two cores, and eight processes replaying flushed instructions on one core.
set(O3_SAMPLE
    target/o3/ackermann-recursion target/o3/load-store-every-width target/o3/ll-sc-counter
    target/o3/lwl-lwr-unaligned-word target/o3/fault-null-load target/o3/alarm-delivers-sigalrm
    target/o3/double-float-arithmetic-conversions target/o3/read-large-file-checksum
    target/o3/malloc-stress-random
    glibc/o3/printf-ints-and-strings
    os/o3/nanosleep-sleeps-and-clock-advances
    threads/hw/o3-2/mutex-serialises-a-counter-of-64-threads
    threads/conventional/o3-2/barrier-rounds-keep-threads-in-step
    shadow/o3-2/fork-after-join-reuses-the-same-sibling
    lazy/o3-2/fib-is-right-and-leaves-no-block-under-every-policy
    smp/o3-2cores/two-processes-on-two-cores-run-concurrently
    threads/hw/o3-2cores/threads-on-every-context-of-every-core-lose-no-update
    o3/e9-mix-of-eight-with-flush-finishes)

# Label a test of the o3 set.
function(o3_labels name)
  if(name IN_LIST O3_SAMPLE)
    set(label o3-sample)
  else()
    set(label o3-full)
  endif()
  set_tests_properties(${name} PROPERTIES LABELS ${label} TIMEOUT ${O3_TIMEOUT}
                       ENVIRONMENT "PYTHONDONTWRITEBYTECODE=1")
endfunction()

foreach(src ${TARGET_TESTS})
  get_filename_component(name ${src} NAME_WE)
  add_test(NAME target/o3/${name}
           COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/target/run_tests.py
                   --build-dir ${KASANE_TARGET_DIR}/tests_target
                   --sim ${KASANE_SIM} --kernel ${KASANE_KERNEL} ${O3_ARGS}
                   --timeout ${O3_TIMEOUT} ${name})
  o3_labels(target/o3/${name})
endforeach()
foreach(src ${GLIBC_TESTS})
  get_filename_component(name ${src} NAME_WE)
  # As for the pipeline: glibc's own threads, and a program whose header says "Models: iss" (a
  # long one), run on the ISS only.
  file(STRINGS ${src} nptl REGEX "^[ *]*Link: -pthread")
  file(STRINGS ${src} issonly REGEX "^[ *]*Models: iss$")
  if(nptl OR issonly)
    continue()
  endif()
  add_test(NAME glibc/o3/${name}
           COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/target/run_tests.py
                   --source-dir ${CMAKE_CURRENT_SOURCE_DIR}/glibc
                   --build-dir ${KASANE_TARGET_DIR}/tests_glibc
                   --sim ${KASANE_SIM} --kernel ${KASANE_KERNEL} ${O3_ARGS}
                   --timeout ${O3_TIMEOUT} ${name})
  o3_labels(glibc/o3/${name})
endforeach()
# Two OS programs need the default machine's 4 contexts (a chain of contexts TFORKing their
# successors beside the main thread): they run with 4.
set(O3_OS_FOUR_CONTEXTS threads-forking-their-successors-cannot-hold-the-core
    tfork-racing-the-kernels-context-start-is-eagain-not-a-panic)
foreach(src ${OS_TESTS})
  get_filename_component(name ${src} NAME_WE)
  if(name MATCHES "${OS_ISS_ONLY}")
    continue()
  endif()
  set(contexts)
  if(name IN_LIST O3_OS_FOUR_CONTEXTS)
    set(contexts --sim-arg=--set=core.contexts=4)
  endif()
  add_test(NAME os/o3/${name}
           COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/os/run_os_tests.py
                   --build-dir ${KASANE_TARGET_DIR}/tests_os
                   --sim ${KASANE_SIM} --kernel ${KASANE_KERNEL} ${O3_ARGS} ${contexts}
                   --sim-arg=--set=sim.max_cycles=${OS_TEST_MAX_CYCLES}
                   --timeout ${O3_TIMEOUT} ${name})
  o3_labels(os/o3/${name})
endforeach()
foreach(name two-processes-on-two-cores-run-concurrently
             threads-of-one-process-on-two-cores-add-to-one-counter
             kill-reaches-a-process-on-another-core)
  add_test(NAME smp/o3-2cores/${name}
           COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/os/run_os_tests.py
                   --source-dir ${CMAKE_CURRENT_SOURCE_DIR}/smp
                   --build-dir ${KASANE_TARGET_DIR}/tests_smp
                   --sim ${KASANE_SIM} --kernel ${KASANE_KERNEL} ${O3_ARGS_2CORES}
                   --sim-arg=--set=sim.max_cycles=${SMP_TEST_MAX_CYCLES}
                   --timeout ${O3_TIMEOUT} ${name})
  o3_labels(smp/o3-2cores/${name})
endforeach()
foreach(src ${THREAD_TESTS})
  get_filename_component(name ${src} NAME_WE)
  foreach(backend hw conventional)
    add_test(NAME threads/${backend}/o3-2/${name}
             COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/threads/run_thread_tests.py
                     --build-dir ${KASANE_TARGET_DIR}/tests_threads --backend ${backend}
                     --sim ${KASANE_SIM} --kernel ${KASANE_KERNEL} ${O3_ARGS}
                     --timeout ${O3_TIMEOUT} ${name})
    o3_labels(threads/${backend}/o3-2/${name})
  endforeach()
endforeach()
foreach(name threads-on-every-context-of-every-core-lose-no-update)
  foreach(backend hw conventional)
    add_test(NAME threads/${backend}/o3-2cores/${name}
             COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/threads/run_thread_tests.py
                     --build-dir ${KASANE_TARGET_DIR}/tests_threads --backend ${backend}
                     --sim ${KASANE_SIM} --kernel ${KASANE_KERNEL} ${O3_ARGS_2CORES}
                     --timeout ${O3_TIMEOUT} ${name})
    o3_labels(threads/${backend}/o3-2cores/${name})
  endforeach()
endforeach()
foreach(src ${SHADOW_TESTS})
  get_filename_component(name ${src} NAME_WE)
  add_test(NAME shadow/o3-2/${name}
           COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/os/run_os_tests.py
                   --source-dir ${CMAKE_CURRENT_SOURCE_DIR}/shadow
                   --build-dir ${KASANE_TARGET_DIR}/tests_shadow
                   --sim ${KASANE_SIM} --kernel ${KASANE_KERNEL} ${O3_ARGS}
                   --sim-arg=--set=sim.max_cycles=${SHADOW_TEST_MAX_CYCLES}
                   --timeout ${O3_TIMEOUT} ${name})
  o3_labels(shadow/o3-2/${name})
endforeach()
foreach(src ${LAZY_TESTS})
  get_filename_component(name ${src} NAME_WE)
  add_test(NAME lazy/o3-2/${name}
           COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/os/run_os_tests.py
                   --source-dir ${CMAKE_CURRENT_SOURCE_DIR}/lazy
                   --build-dir ${KASANE_TARGET_DIR}/tests_lazy
                   --sim ${KASANE_SIM} --kernel ${KASANE_KERNEL} ${O3_ARGS}
                   --sim-arg=--set=sim.max_cycles=${LAZY_TEST_MAX_CYCLES}
                   --timeout ${O3_TIMEOUT} ${name})
  o3_labels(lazy/o3-2/${name})
endforeach()

# E9's livelock (a replayed instruction whose page lost its TLB entry): a mix of eight programs
# with fetch.long_latency = flush on the 8-context core, in CI's sample.
add_test(NAME o3/e9-mix-of-eight-with-flush-finishes
         COMMAND ${Python3_EXECUTABLE} -m pytest -q
                 ${CMAKE_CURRENT_SOURCE_DIR}/host/test_o3_replay_tlb.py
                 --sim ${KASANE_SIM} --target-dir ${KASANE_TARGET_DIR})
o3_labels(o3/e9-mix-of-eight-with-flush-finishes)
