/*
 * check.h — the unit tests' one assertion: CHECK(cond, name...) prints
 * "PASS name" or "FAIL name: file:line: cond" and counts failures;
 * CHECK_DONE() returns the exit status.
 */
#ifndef PML_CHECK_H
#define PML_CHECK_H
#include <stdio.h>

static int check_failures;

#define CHECK(cond, ...) do { \
    if (cond) { printf("PASS "); printf(__VA_ARGS__); printf("\n"); } \
    else { check_failures++; printf("FAIL "); printf(__VA_ARGS__); \
           printf(": %s:%d: %s\n", __FILE__, __LINE__, #cond); } \
    fflush(stdout); } while (0)

#define CHECK_DONE() (check_failures ? 1 : 0)
#endif
