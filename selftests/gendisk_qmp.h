/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The guest's end of the QMP channel (vm/run --guest-qmp, vm/qmp bridge):
 * a test asks the host to act on the VM - resize a block node, unplug or
 * plug a virtio-blk device - and waits for the acknowledgement.  The
 * channel is a serial port named by $GDC_QMP_PORT; a request is the line
 * "GDCQMP <id> COMMAND ARGS", the answer "GDCQMP <id> ok|err TEXT".
 */
#ifndef GENDISK_QMP_H
#define GENDISK_QMP_H

#include <stdbool.h>
#include <stddef.h>

/*
 * True when $GDC_QMP_PORT names a character device; otherwise false with
 * the reason in @why.
 */
bool gd_qmp_available(char *why, size_t whylen);

/*
 * Send COMMAND (e.g. "block_resize d0 134217728") and wait up to
 * @timeout_ms for its answer.  Returns 0 with the host's result in @res,
 * or -1 with the reason in @res (the host's error, a timeout, a channel
 * error).
 */
int gd_qmp_request(const char *command, unsigned int timeout_ms,
		   char *res, size_t reslen);

#endif /* GENDISK_QMP_H */
