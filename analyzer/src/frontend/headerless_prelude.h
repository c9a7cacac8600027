/*
 * What a kernel file needs to parse at all when no kernel headers are
 * given: the annotations that decorate function definitions (__init,
 * __exit, __user, __must_check ...) and the file-scope module macros.
 * Without them clang drops `static int __init foo_init(void) {...}` whole,
 * and with it every register_blkdev() and add_disk() the driver's init
 * makes.  Each is defined away; nothing else of the kernel is assumed,
 * except MODULE, which kbuild defines for a module as --kdir's flags do.
 */
#ifndef GENDISK_LINT_HEADERLESS_PRELUDE_H
#define GENDISK_LINT_HEADERLESS_PRELUDE_H

#include "string_list.h"

/* Append the -D flags of the prelude to args. */
void headerless_prelude_flags(struct string_list *args);

#endif
