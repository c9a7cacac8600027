# SPDX-License-Identifier: GPL-2.0
"""vmrun: the logic of vm/run, one job per module (see vm/README.md).

options         the command line: parsing, defaults, validation (usage errors)
guest_image     the per-run initramfs: modules, modules.dep, load list,
                copied files, the command, guest settings
qemu_command    the kernel command line and QEMU's argument vector
console_stream  line assembly from the growing serial-port files, the
                command's markers, the verbose console echo
boot            one boot of QEMU under a wall-clock limit; crashes
                before /init
ktap            the command's output between its markers; KTAP
                extraction and verdict (also vm/ktap-verdict)
splats          kernel reports in a console log, attribution to the
                test that was running (also vm/splat-scan)
taint           the kernel's taint flags: letters, the ones that fail a run
guest_markers   what vm/guest/init reports on the console (taint,
                kmemleak, insmod failures)
verdict         reasons, notes and the report lines of a run
main            vm/run itself: the steps in order, signals, cleanup
"""
