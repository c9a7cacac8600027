# SPDX-License-Identifier: GPL-2.0
# The Makefile of a prepared stub build dir: "make -C DIR M=MOD NAME.o V=1"
# prints the compile command kbuild would run for MOD/NAME.c.
%.o:
	@echo "gcc -nostdinc -I$(GDSTUB_SRC)/include -I$(GDSTUB_OBJ)/include -include $(GDSTUB_SRC)/include/linux/kconfig.h -D__KERNEL__ -std=gnu11 -c -o $(M)/$@ $(M)/$*.c"
