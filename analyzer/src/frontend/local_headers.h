/* The driver's own headers: quoted includes that resolve outside the kernel's header dirs. */
#ifndef GENDISK_LINT_LOCAL_HEADERS_H
#define GENDISK_LINT_LOCAL_HEADERS_H

#include "string_list.h"

/*
 * Is dir a driver-local include dir (kbuild's -I$(src), a
 * compile_commands.json entry's -I drivers/md/...) rather than a kernel
 * header tree?  Kernel header dirs all have an "include" path component
 * (include, arch/x86/include/generated, include/uapi ...).
 */
int local_include_dir(const char *dir);

/*
 * Where the compiler finds `#include "name"` written in includer: the
 * includer's directory, then main_file's (clang also looks in the
 * directories of the files that included the current one), then the
 * -iquote and -I dirs of flags and extra in order.  Only local dirs are
 * searched: a quoted include that resolves into the kernel's headers is
 * not the driver's.  A new path (owned by the caller), or NULL.
 */
char *local_header_resolve(const char *includer, const char *main_file, const char *name,
			   const struct string_list *flags, const struct string_list *extra);

/*
 * The name in the next `#include "name"` line of text from *pos on
 * (owned by the caller; *pos is moved past that line), or NULL at the
 * end.  Directives in comments or #if 0 are found too: callers use them
 * conservatively.
 */
char *local_header_next_include(const char **pos);

#endif
