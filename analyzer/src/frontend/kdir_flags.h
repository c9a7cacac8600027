/* Derive the kernel's compile flags for out-of-tree files from a kbuild dir. */
#ifndef GENDISK_LINT_KDIR_FLAGS_H
#define GENDISK_LINT_KDIR_FLAGS_H

#include "string_list.h"

/*
 * Asks kbuild once (a throw-away one-file module built with
 * "make -C KDIR M=tmp probe.o V=1"), takes the compiler command from the
 * generated .probe.o.cmd (or the V=1 echo when the compiler is missing),
 * translates it for clang and caches the result under
 * $GENDISK_CHECK_CACHE/flags/ keyed by KDIR and the content of its
 * include/generated/utsrelease.h.  Returns 0 and fills out, or -1 with a
 * message in err (size errlen).
 */
int kdir_flags(const char *kdir, struct string_list *out, char *err, size_t errlen);


#endif
