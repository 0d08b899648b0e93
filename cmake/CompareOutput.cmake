# SPDX-License-Identifier: MIT
# cmake -DPROGRAM=<exe> -DEXPECTED=<file> -P CompareOutput.cmake
# Runs a program and fails unless it exits 0 and prints exactly the expected
# text (an example's answers, worked out by hand, written beside it).
execute_process(COMMAND ${PROGRAM} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
file(READ ${EXPECTED} expected)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "${PROGRAM} exited with ${rc}\n${out}${err}")
endif()
if(NOT out STREQUAL expected)
  message(FATAL_ERROR "${PROGRAM} printed:\n${out}\nexpected (${EXPECTED}):\n${expected}")
endif()
message(STATUS "${PROGRAM}: output as expected")
