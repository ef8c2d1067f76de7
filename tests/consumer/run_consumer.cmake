# cmake -P script behind the `find_package_consumer` and `add_subdirectory_consumer` tests
# (registered in tests/CMakeLists.txt).
#
# Inputs (-D):
#   KRIPKE_BINARY_DIR      the kripkesim build tree to install (find_package)
#   KRIPKE_SOURCE_DIR      optional: the source tree to add with add_subdirectory instead
#   CONSUMER_SOURCE_DIR    tests/consumer
#   WORK_DIR               scratch directory (wiped first) for the prefix and the build
#   CONSUMER_GENERATOR     optional; the generator of the main build
#   CONSUMER_CXX_COMPILER  optional; the compiler of the main build
#   CONSUMER_BUILD_TYPE    optional; the configuration of the main build
#
# Steps: install KRIPKE_BINARY_DIR to WORK_DIR/prefix, configure CONSUMER_SOURCE_DIR with
# CMAKE_PREFIX_PATH=WORK_DIR/prefix (or with KRIPKE_SOURCE_DIR), build it, run both of its
# programs. Any failure is fatal.
cmake_minimum_required(VERSION 3.25)

foreach(var CONSUMER_SOURCE_DIR WORK_DIR)
  if(NOT DEFINED ${var} OR "${${var}}" STREQUAL "")
    message(FATAL_ERROR "run_consumer.cmake: -D${var}=... is required")
  endif()
endforeach()
if(NOT CONSUMER_BUILD_TYPE)
  set(CONSUMER_BUILD_TYPE Release)
endif()

set(prefix "${WORK_DIR}/prefix")
set(build "${WORK_DIR}/build")
file(REMOVE_RECURSE "${WORK_DIR}")
file(MAKE_DIRECTORY "${WORK_DIR}")

function(step what)
  message(STATUS "run_consumer.cmake: ${what}")
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "run_consumer.cmake: ${what} failed (${rc}): ${ARGN}")
  endif()
endfunction()

# The main build's generator, compiler and configuration.
set(configure_args -S "${CONSUMER_SOURCE_DIR}" -B "${build}"
  "-DCMAKE_BUILD_TYPE=${CONSUMER_BUILD_TYPE}")
if(CONSUMER_GENERATOR)
  list(APPEND configure_args -G "${CONSUMER_GENERATOR}")
endif()
if(CONSUMER_CXX_COMPILER)
  list(APPEND configure_args "-DCMAKE_CXX_COMPILER=${CONSUMER_CXX_COMPILER}")
endif()

if(KRIPKE_SOURCE_DIR)
  step("configure ${CONSUMER_SOURCE_DIR} adding ${KRIPKE_SOURCE_DIR}"
    "${CMAKE_COMMAND}" ${configure_args} "-DKRIPKE_SOURCE_DIR=${KRIPKE_SOURCE_DIR}")
else()
  if(NOT KRIPKE_BINARY_DIR)
    message(FATAL_ERROR "run_consumer.cmake: -DKRIPKE_BINARY_DIR=... or -DKRIPKE_SOURCE_DIR=...")
  endif()
  step("install ${KRIPKE_BINARY_DIR} to ${prefix}"
    "${CMAKE_COMMAND}" --install "${KRIPKE_BINARY_DIR}" --prefix "${prefix}"
    --config "${CONSUMER_BUILD_TYPE}")

  if(NOT EXISTS "${prefix}/include/kripke/kripke.hpp")
    message(FATAL_ERROR "run_consumer.cmake: ${prefix}/include/kripke/kripke.hpp was not installed")
  endif()

  # Only the freshly installed copy may satisfy find_package(kripke): no user or system
  # package registry.
  step("configure ${CONSUMER_SOURCE_DIR}" "${CMAKE_COMMAND}" ${configure_args}
    "-DCMAKE_PREFIX_PATH=${prefix}"
    -DCMAKE_FIND_USE_PACKAGE_REGISTRY=OFF -DCMAKE_FIND_USE_SYSTEM_PACKAGE_REGISTRY=OFF)

  # The package must have come from the prefix just installed, not from somewhere on the system.
  file(STRINGS "${build}/CMakeCache.txt" kripke_dir_line REGEX "^kripke_DIR:")
  string(REGEX REPLACE "^kripke_DIR:[A-Z]+=" "" kripke_dir "${kripke_dir_line}")
  file(REAL_PATH "${prefix}" real_prefix)
  if(EXISTS "${kripke_dir}")
    file(REAL_PATH "${kripke_dir}" kripke_dir)
  endif()
  string(FIND "${kripke_dir}" "${real_prefix}/" at)
  if(NOT at EQUAL 0)
    message(FATAL_ERROR "run_consumer.cmake: kripke was found in '${kripke_dir}', "
      "not under the test prefix ${real_prefix}")
  endif()
endif()

step("build" "${CMAKE_COMMAND}" --build "${build}" --config "${CONSUMER_BUILD_TYPE}")

foreach(program core_consumer games_consumer)
  find_program(exe_${program} NAMES ${program}
    PATHS "${build}" "${build}/${CONSUMER_BUILD_TYPE}" NO_DEFAULT_PATH NO_CACHE)
  if(NOT exe_${program})
    message(FATAL_ERROR "run_consumer.cmake: no ${program} executable under ${build}")
  endif()
  step("run ${exe_${program}}" "${exe_${program}}")
endforeach()
message(STATUS "run_consumer.cmake: OK")
