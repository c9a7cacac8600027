/* SPDX-License-Identifier: GPL-2.0 */
/* Stub tree: a header every block driver directory gets by subdir-ccflags-y. */
#define GDSTUB_MINORS 16
