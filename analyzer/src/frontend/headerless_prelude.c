/* The -D flags of the header-free parse (headerless_prelude.h). */
#include "headerless_prelude.h"

static const char *const prelude[] = {
	/* the configuration --kdir's flags describe: kbuild builds a module */
	"-DMODULE",
	/* section and calling-convention annotations of definitions */
	"-D__init=", "-D__exit=", "-D__initdata=", "-D__exitdata=", "-D__initconst=",
	"-D__ref=", "-D__cold=", "-D__sched=", "-Dnotrace=", "-Dasmlinkage=",
	"-D__visible=", "-D__weak=", "-Dnoinline=", "-D__always_inline=inline",
	"-D__maybe_unused=", "-D__always_unused=", "-D__used=", "-D__must_check=",
	"-D__read_mostly=", "-D__ro_after_init=", "-D__cacheline_aligned=",
	"-D__packed=", "-D__aligned(x)=", "-D__printf(a,b)=", "-D__section(x)=",
	/* sparse's address spaces and lock annotations */
	"-D__user=", "-D__iomem=", "-D__force=", "-D__percpu=", "-D__rcu=", "-D__bitwise=",
	"-D__acquires(x)=", "-D__releases(x)=", "-D__must_hold(x)=",
	/* file-scope module macros; module_exit() leaves the variable a
	 * built-in kernel's __exitcall() defines (a teardown for the rules) */
	"-Dmodule_init(x)=",
	"-Dmodule_exit(x)=static void (*__exitcall_##x)(void) __attribute__((unused)) = x",
	"-Dlate_initcall(x)=",
	"-Ddevice_initcall(x)=", "-Dsubsys_initcall(x)=", "-DMODULE_LICENSE(x)=",
	"-DMODULE_AUTHOR(x)=", "-DMODULE_DESCRIPTION(x)=", "-DMODULE_ALIAS(x)=",
	"-DMODULE_ALIAS_BLOCKDEV_MAJOR(x)=", "-DMODULE_ALIAS_BLOCKDEV(x,y)=",
	"-DMODULE_DEVICE_TABLE(x,y)=", "-DMODULE_VERSION(x)=", "-DMODULE_IMPORT_NS(x)=",
	"-DEXPORT_SYMBOL(x)=", "-DEXPORT_SYMBOL_GPL(x)=", "-Dmodule_param(a,b,c)=",
	"-Dmodule_param_named(a,b,c,d)=", "-Dmodule_param_array(a,b,c,d)=",
	"-DMODULE_PARM_DESC(a,b)=",
	NULL,
};

void headerless_prelude_flags(struct string_list *args)
{
	for (const char *const *d = prelude; *d; d++)
		string_list_push(args, *d);
}
