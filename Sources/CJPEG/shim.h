#ifndef CARDSTACK_JPEG_SHIM_H
#define CARDSTACK_JPEG_SHIM_H
// libjpeg-turbo (Debian's libjpeg-dev): `render` and the terminal viewer decode the look's
// JPEG images with it. libjpeg reports errors by calling error_exit, which must not return:
// it jumps back here with longjmp, so no Swift frame is ever jumped over, and the caller
// gets the library's message instead.
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jpeglib.h>

struct cardstack_jpeg_error {
    struct jpeg_error_mgr manager;
    jmp_buf back;
    char message[JMSG_LENGTH_MAX];
};

static void cardstack_jpeg_error_exit(j_common_ptr info) {
    struct cardstack_jpeg_error *error = (struct cardstack_jpeg_error *)info->err;
    error->manager.format_message(info, error->message);
    longjmp(error->back, 1);
}

static void cardstack_jpeg_silent(j_common_ptr info, int level) { (void)info; (void)level; }

/// Decodes a JPEG held in memory into rows of B, G, R, A bytes (A 255), `width * 4` bytes a
/// row, in a buffer the caller frees with `free`. The size is the one the caller's header
/// reader found and bounded (`ImageHeader`, the one reader of image headers): an image whose
/// frame libjpeg reads as another size is refused before its rows are allocated. Returns 0
/// and fills `out`, `width`, `height`, or returns -1 with a sentence in `message` (at most
/// `length` bytes, NUL included).
static inline int cardstack_jpeg_decode(const unsigned char *data, unsigned long size, long expected_width,
                                        long expected_height,
                                        unsigned char **out, int *width, int *height, char *message,
                                        size_t length) {
    struct jpeg_decompress_struct info;
    struct cardstack_jpeg_error error;
    unsigned char *volatile pixels = NULL;
    *out = NULL;
    info.err = jpeg_std_error(&error.manager);
    error.manager.error_exit = cardstack_jpeg_error_exit;
    error.manager.emit_message = cardstack_jpeg_silent;
    error.message[0] = 0;
    if (setjmp(error.back)) {
        snprintf(message, length, "a corrupt JPEG (%s)", error.message);
        jpeg_destroy_decompress(&info);
        free(pixels);
        return -1;
    }
    jpeg_create_decompress(&info);
    jpeg_mem_src(&info, data, size);
    jpeg_read_header(&info, TRUE);
    if ((long)info.image_width != expected_width || (long)info.image_height != expected_height) {
        snprintf(message, length, "a corrupt JPEG (its header says %ld × %ld pixels, its frame %u × %u)",
                 expected_width, expected_height, info.image_width, info.image_height);
        jpeg_destroy_decompress(&info);
        return -1;
    }
    if (info.jpeg_color_space == JCS_CMYK || info.jpeg_color_space == JCS_YCCK) {
        snprintf(message, length, "a CMYK JPEG, which the look does not draw (save it as RGB)");
        jpeg_destroy_decompress(&info);
        return -1;
    }
    info.out_color_space = JCS_EXT_BGRA;
    jpeg_start_decompress(&info);
    size_t stride = (size_t)info.output_width * 4;
    pixels = malloc(stride * info.output_height);
    if (pixels == NULL) {
        snprintf(message, length, "out of memory for %u × %u pixels", info.output_width, info.output_height);
        jpeg_destroy_decompress(&info);
        return -1;
    }
    while (info.output_scanline < info.output_height) {
        JSAMPROW row = pixels + stride * info.output_scanline;
        jpeg_read_scanlines(&info, &row, 1);
    }
    jpeg_finish_decompress(&info);
    *width = (int)info.output_width;
    *height = (int)info.output_height;
    jpeg_destroy_decompress(&info);
    *out = pixels;
    return 0;
}
#endif
