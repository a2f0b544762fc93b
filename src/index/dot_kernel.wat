;; Dot products of one query with int8 rows, for src/index/dot_kernel.ts. The query is int16
;; (the float query scaled to +-32767), each row `dims` int8 values, `dims` a multiple of 16;
;; a product is the exact integer sum, which `cosines` scales back. The memory is shared, so that
;; threads (src/index/dot_kernel_threads.ts) score parts of the rows at once. Compiled to
;; dot_kernel_wasm.ts by `deno task build:kernel` (src/index/dot_kernel_build.ts).
(module
  (memory (import "env" "memory") 1 65536 shared)

  ;; The dot product of the query at $query with the row at $row.
  (func $dot (export "dot") (param $query i32) (param $row i32) (param $dims i32) (result i32)
    (local $j i32) (local $acc v128) (local $v v128)
    (block $done
      (loop $lanes
        (br_if $done (i32.ge_u (local.get $j) (local.get $dims)))
        (local.set $v (v128.load (i32.add (local.get $row) (local.get $j))))
        (local.set $acc
          (i32x4.add (local.get $acc)
            (i32x4.dot_i16x8_s
              (i16x8.extend_low_i8x16_s (local.get $v))
              (v128.load (local.get $query)))))
        (local.set $acc
          (i32x4.add (local.get $acc)
            (i32x4.dot_i16x8_s
              (i16x8.extend_high_i8x16_s (local.get $v))
              (v128.load offset=16 (local.get $query)))))
        (local.set $j (i32.add (local.get $j) (i32.const 16)))
        (local.set $query (i32.add (local.get $query) (i32.const 32)))
        (br $lanes)))
    (i32.add
      (i32.add (i32x4.extract_lane 0 (local.get $acc)) (i32x4.extract_lane 1 (local.get $acc)))
      (i32.add (i32x4.extract_lane 2 (local.get $acc)) (i32x4.extract_lane 3 (local.get $acc)))))

  ;; The cosines of rows $from to $to (exclusive), as f32 at $out + 4 x row: each product times
  ;; $queryScale and the row's f32 scale at $scales + 4 x row, in f64 and rounded once to f32, as
  ;; JavaScript computes `product * queryScale * scale` into a Float32Array.
  (func (export "cosines")
    (param $query i32) (param $rows i32) (param $dims i32) (param $from i32) (param $to i32)
    (param $scales i32) (param $out i32) (param $queryScale f64)
    (local $r i32) (local $at i32)
    (local.set $r (local.get $from))
    (local.set $at (i32.add (local.get $rows) (i32.mul (local.get $from) (local.get $dims))))
    (block $done
      (loop $each
        (br_if $done (i32.ge_u (local.get $r) (local.get $to)))
        (f32.store
          (i32.add (local.get $out) (i32.shl (local.get $r) (i32.const 2)))
          (f32.demote_f64
            (f64.mul
              (f64.mul
                (f64.convert_i32_s (call $dot (local.get $query) (local.get $at) (local.get $dims)))
                (local.get $queryScale))
              (f64.promote_f32
                (f32.load (i32.add (local.get $scales) (i32.shl (local.get $r) (i32.const 2))))))))
        (local.set $at (i32.add (local.get $at) (local.get $dims)))
        (local.set $r (i32.add (local.get $r) (i32.const 1)))
        (br $each)))))
