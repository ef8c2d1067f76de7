# Fails when a C++ file of the project differs from what clang-format makes of it
# (.clang-format at the top), so `scripts/test.sh` -- and with it CI -- holds the style.
# Usage: cmake -D CLANG_FORMAT=... -D SOURCE_DIR=... -P check_format.cmake
file(GLOB_RECURSE sources LIST_DIRECTORIES false
  "${SOURCE_DIR}/include/*.hpp" "${SOURCE_DIR}/src/*.hpp" "${SOURCE_DIR}/src/*.cpp"
  "${SOURCE_DIR}/apps/*.cpp" "${SOURCE_DIR}/tests/*.hpp" "${SOURCE_DIR}/tests/*.cpp"
  "${SOURCE_DIR}/python/*.cpp")
execute_process(
  COMMAND "${CLANG_FORMAT}" --dry-run --Werror ${sources}
  RESULT_VARIABLE result
  ERROR_VARIABLE complaints)
if(NOT result EQUAL 0)
  message(FATAL_ERROR "${complaints}\nRun clang-format -i on the files above.")
endif()
list(LENGTH sources count)
message(STATUS "${count} files match .clang-format")
