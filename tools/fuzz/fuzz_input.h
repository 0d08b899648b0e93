/* SPDX-License-Identifier: MIT */
/* The fuzz targets' reading of their input bytes: one reader, one decoding
 * of raw float bits and one decoding of bytes into a shape of any type,
 * shared by fuzz_pairs.c and fuzz_world.c. Each target keeps its own
 * distribution of numbers (fuzz_number_fn), because what a target wants
 * reached differs; everything built from numbers is decoded here once.
 * Every draw is sequenced (one byte or one number a statement), so an input
 * means the same shapes with every compiler. */
#ifndef TOUCHE_FUZZ_INPUT_H
#define TOUCHE_FUZZ_INPUT_H

#include <stddef.h>
#include <stdint.h>

#include <touche/touche.h>

struct fuzz_reader;

/** How a target turns the next bytes into one float. */
typedef float (*fuzz_number_fn)(struct fuzz_reader *r);

/** The input being read: bytes left, and the target's number decoding. */
typedef struct fuzz_reader {
    const uint8_t *p;      /**< next byte */
    size_t left;           /**< bytes left; past the end every byte reads 0 */
    fuzz_number_fn number; /**< the target's numbers */
} fuzz_reader;

/** A reader over size bytes at data that decodes numbers with number. */
fuzz_reader fuzz_reader_make(const uint8_t *data, size_t size, fuzz_number_fn number);

/** The next byte, 0 once the input is used up. */
uint8_t fuzz_byte(fuzz_reader *r);

/** Any 32 bits as a float (NaN, infinities, denormals): four bytes, the
 * first the lowest. */
float fuzz_bits(fuzz_reader *r);

/** The next number, by the reader's decoding. */
float fuzz_number(fuzz_reader *r);

/** Three numbers: x, then y, then z. */
tc_vec3 fuzz_vec3(fuzz_reader *r);

/** Four numbers: x, y, z, then w (not normalised). */
tc_quat fuzz_quat(fuzz_reader *r);

/** a + b without raising a floating-point exception: in double, an
 * overflow becomes the infinity it would round to (the fuzzers run
 * trapped, and must not trap themselves). */
float fuzz_sum(float a, float b);

/** A shape of any type: a byte picks the type, then its numbers. Boxes are
 * a corner plus a size, oriented boxes mostly exact rotations, planes
 * mostly axis normals, so that shapes touch exactly and often. */
tc_shape fuzz_shape(fuzz_reader *r);

/** A rotation as fuzz_shape's oriented boxes read it: a byte, then half
 * the time an exact one (identity, a quarter turn about z), else any four
 * numbers (not normalised). */
tc_quat fuzz_rotation(fuzz_reader *r);

/** A placed hull (type TC_SHAPE_HULL) or mesh (TC_SHAPE_MESH) of up to
 * eight points from the input: a byte counts the points (and for a mesh
 * another the triangles, then a byte per corner picks its point), then the
 * points, a position, a rotation (fuzz_rotation) and a scale (mostly 1,
 * else any number). A NaN or infinite point leaves the data NULL, an
 * invalid shape. The data is allocated: free it with fuzz_shape_free. */
tc_shape fuzz_shape_with_data(fuzz_reader *r, tc_shape_type type);

/** Frees the data of a shape from fuzz_shape_with_data (any other shape,
 * or NULL data: nothing). */
void fuzz_shape_free(const tc_shape *s);

#endif
