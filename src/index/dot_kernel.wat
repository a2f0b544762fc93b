;; Dot products of one query with int8 rows, for src/index/dot_kernel.ts. The query is int16
;; (the float query scaled to +-32767), each row `dims` int8 values, `dims` a multiple of 16;
;; a product is the exact integer sum, which the caller scales back. Compiled to
;; dot_kernel_wasm.ts by `deno task build:kernel` (src/index/dot_kernel_build.ts).
(module
  (memory (import "env" "memory") 1 65536)

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

  ;; The dot products of the query with the $count rows from $rows on, as i32 from $out on.
  (func (export "dotAll")
    (param $query i32) (param $rows i32) (param $dims i32) (param $count i32) (param $out i32)
    (local $end i32)
    (local.set $end (i32.add (local.get $out) (i32.shl (local.get $count) (i32.const 2))))
    (block $done
      (loop $each
        (br_if $done (i32.ge_u (local.get $out) (local.get $end)))
        (i32.store (local.get $out)
          (call $dot (local.get $query) (local.get $rows) (local.get $dims)))
        (local.set $rows (i32.add (local.get $rows) (local.get $dims)))
        (local.set $out (i32.add (local.get $out) (i32.const 4)))
        (br $each)))))
