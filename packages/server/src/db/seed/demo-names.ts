/**
 * Chinese names for the demo district, drawn from a seeded generator so every fresh start makes the same
 * people (the README and the tests can rely on the counts, and a screenshot today matches one tomorrow).
 */
const SURNAMES = [
  ...'王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦方白邹孟熊秦邱江尹薛段雷侯龙史陶黎贺顾毛郝龚邵万钱严武戴莫孔向汤',
]
/** Characters of given names by sex; `solo` ones also stand alone as a one-character given name. */
const CHILD = {
  m: {
    any: [...'浩宇轩睿博铭泽昊俊杰宸逸航辰皓哲奕凯鑫然阳晨煜霖楷瑞恒磊翔彬'],
    solo: [...'浩宇轩睿博泽昊杰航皓哲凯鑫阳晨霖磊翔彬'],
  },
  f: {
    any: [...'涵欣怡萱思佳琪诺馨悦嘉彤语桐瑶妍婷晴芷雯璐菲可心雨梓蕊岚颖'],
    solo: [...'涵欣怡萱琪诺馨悦彤瑶妍婷晴雯璐菲蕊岚颖'],
  },
}
const ADULT = {
  m: {
    any: [...'建国伟军勇涛明超刚海斌波辉强峰磊鹏飞东林志华文平庆红永'],
    solo: [...'伟军勇涛明超刚海斌波辉强峰磊鹏飞东林华平'],
  },
  f: {
    any: [...'丽敏静芳艳娟秀英霞桂兰玉燕春梅洁琳萍蕾丹慧雪玲琴'],
    solo: [...'丽敏静芳艳娟霞燕梅洁琳萍蕾丹慧雪玲琴'],
  },
}

export type Sex = 0 | 1 // 0 男, 1 女 (the people API's sex codes)

/** A small deterministic PRNG (mulberry32). */
export function prng(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

export class NameMaker {
  private readonly used: Set<string>
  constructor(
    private readonly rand: () => number,
    reserved: Iterable<string> = [],
  ) {
    this.used = new Set(reserved)
  }

  random(): number {
    return this.rand()
  }
  pick<T>(list: readonly T[]): T {
    return list[Math.floor(this.rand() * list.length)]!
  }
  chance(p: number): boolean {
    return this.rand() < p
  }

  surname(): string {
    return this.pick(SURNAMES)
  }

  /** A full name not given before (children mostly have two-character given names, adults one or two). */
  name(sex: Sex, kind: 'child' | 'adult', surname = this.surname()): string {
    const pool = (kind === 'child' ? CHILD : ADULT)[sex ? 'f' : 'm']
    for (;;) {
      const twoChars = kind === 'child' ? this.chance(0.85) : this.chance(0.5)
      const given = twoChars ? this.pick(pool.any) + this.pick(pool.any) : this.pick(pool.solo)
      const full = surname + given
      if (given[0] !== given[1] && !this.used.has(full)) {
        this.used.add(full)
        return full
      }
    }
  }
}
