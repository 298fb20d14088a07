# «Крапки» (Spots): українська, словами правил гри (shared/seeds/001_*.txt).
spots-game-name = Крапки
spots-game-description = Кидайте кубики, виконуйте команди й закопуйте кубики у своєму дворі, щоб заповнити крапками карти песиків і не зазнати невдачі. Грайте самі проти Пса або наввипередки з іншими гравцями.
spots-pes = Пес
# Подія, про яку вже каже інший рядок журналу.
spots-silent = { "" }

## Речі на столі

spots-dog-card = { $dog } ({ $spaces })
spots-die = кубик із { $value }
spots-die-numbered = кубик із { $value } (№ { $number })
spots-die-on-dog = кубик із { $value } на песику { $dog }
spots-space = клітинка { $value } на песику { $dog }
spots-buried-die-yours = ваш закопаний { $die }
spots-buried-die-of = закопаний { $die } ({ $player })

## Карти песиків

spots-dog-burt = Берт
spots-dog-bristles = Брістлз
spots-dog-bongo = Бонго
spots-dog-eloise = Елоїза
spots-dog-ursula = Урсула
spots-dog-mayor = Мейор
spots-dog-sundrop = Сандроп
spots-dog-jolene = Джолін
spots-dog-xerxes = Ксеркс
spots-dog-louise = Луїза
spots-dog-missy = Міссі
spots-dog-lil-beth = Ліл Бет
spots-dog-handsome = Гендсом
spots-dog-frankie = Френкі
spots-dog-bitsy = Бітсі
spots-dog-gretchen = Гретхен
spots-dog-lief = Ліф
spots-dog-goliath = Голіаф
spots-dog-gumbo = Гумбо
spots-dog-pebble = Пеббл
spots-dog-wilbur = Вілбур
spots-dog-cabbage = Кеббідж
spots-dog-honcho = Гончо
spots-dog-wolfgang = Вольфганг
spots-dog-raya = Рая
spots-dog-rogue = Роуг
spots-dog-nutmeg = Натмег
spots-dog-rupert = Руперт
spots-dog-mirabelle = Мірабель
spots-dog-momo = Момо
spots-dog-zipper = Зіппер
spots-dog-doog = Дуг

## Тайли команд

spots-tile-howl = Голос
spots-tile-roll-over = Переворот
spots-tile-walk = Гуляти
spots-tile-dig = Копати
spots-tile-retrieve = До мене
spots-tile-trot = Тупцяти
spots-tile-track = Взяти слід
spots-tile-run = Бігти
spots-tile-chase = Фас
spots-tile-bolt = Гасати
spots-tile-dogpile = Зграя песиків
spots-tile-sprint = Уперед
spots-tile-fetch = Апорт
spots-tile-guard = Охороняти
spots-tile-hunt = Полювати
spots-tile-scavenge = Нишпорити
spots-tile-search = Шукати
spots-tile-beg = Просити
spots-tile-chew = Жувати
spots-tile-gobble = Їсти
spots-tile-play-dead = Удавати мертвого
spots-tile-stay = Лежати

## Налаштування (назви наборів тайлів — це назви значень)

spots-option-tile_set = Тайли команд
spots-option-tile_set-description = Які шість тайлів команд лежать на столі: «Голос», «Переворот» і по одному тайлу кожного кольору.
spots-option-tile_set-beginner = Нова сім'я (для першої гри)
spots-option-tile_set-new_family = Нова сім'я
spots-option-tile_set-dog_park = Парк песиків
spots-option-tile_set-obstacle_course = Смуга перешкод
spots-option-tile_set-hunting_grounds = Мисливські угіддя
spots-option-tile_set-kennel_club = Кінологічний клуб
spots-option-tile_set-puppy_pen = Загін для цуценят
spots-option-tile_set-random = Випадкові тайли
spots-option-tile_set-custom = Тайли на ваш вибір
spots-option-tile_set-free_walk = Вільний вигул (усі тайли)
spots-option-custom_tiles = Ваші тайли
spots-option-custom_tiles-description = Для тайлів на ваш вибір: один жовтий, один фіолетовий, один синій і один зелений тайл.
spots-option-custom_tiles-walk = { spots-tile-walk }
spots-option-custom_tiles-dig = { spots-tile-dig }
spots-option-custom_tiles-retrieve = { spots-tile-retrieve }
spots-option-custom_tiles-trot = { spots-tile-trot }
spots-option-custom_tiles-track = { spots-tile-track }
spots-option-custom_tiles-run = { spots-tile-run }
spots-option-custom_tiles-chase = { spots-tile-chase }
spots-option-custom_tiles-bolt = { spots-tile-bolt }
spots-option-custom_tiles-dogpile = { spots-tile-dogpile }
spots-option-custom_tiles-sprint = { spots-tile-sprint }
spots-option-custom_tiles-fetch = { spots-tile-fetch }
spots-option-custom_tiles-guard = { spots-tile-guard }
spots-option-custom_tiles-hunt = { spots-tile-hunt }
spots-option-custom_tiles-scavenge = { spots-tile-scavenge }
spots-option-custom_tiles-search = { spots-tile-search }
spots-option-custom_tiles-beg = { spots-tile-beg }
spots-option-custom_tiles-chew = { spots-tile-chew }
spots-option-custom_tiles-gobble = { spots-tile-gobble }
spots-option-custom_tiles-play_dead = { spots-tile-play-dead }
spots-option-custom_tiles-stay = { spots-tile-stay }
spots-option-pes_treats = Складність: смаколики Пес
spots-option-pes_treats-description = Соло-режим: скільки смаколиків має Пес на початку гри. Що більше смаколиків, то важче його перемогти.

## Кроки тайлів, як їх називає пропущений крок

spots-step-draw-dog = узяти карту песика
spots-step-roll-one = кинути 1 кубик
spots-step-roll-two = кинути 2 кубики
spots-step-roll-three = кинути 3 кубики
spots-step-roll-yard = кинути закопані кубики
spots-step-may-roll-one = кинути ще 1 кубик
spots-step-dig = копати
spots-step-retrieve = узяти кубик із числом верхньої карти колоди
spots-step-trot = пересунути кубик
spots-step-track = взяти слід
spots-step-run-on = бігти далі
spots-step-chase = фас
spots-step-set-aside = відкласти кубики
spots-step-bolt-roll = кинути відкладений кубик
spots-step-dogpile = зграя песиків
spots-step-sprint = уперед
spots-step-fetch = апорт
spots-step-name-number = назвати число
spots-step-guard-roll = охороняти
spots-step-hunt = полювати
spots-step-scavenge = нишпорити
spots-step-search = шукати
spots-step-take-one = узяти смаколик
spots-step-beg-paws = просити
spots-step-chew-double = жувати
spots-step-take-seven = їсти
spots-step-gobble-return = повернути смаколики
spots-step-play-dead-treats = удавати мертвого
spots-step-stay = лежати
spots-reason-no-dice = у запасі немає кубиків
spots-reason-pack-full = у зграї вже 6 песиків
spots-reason-empty-yard = у дворі немає кубиків
spots-reason-no-paws = немає лапок, щоб копати
spots-reason-no-buried-dice = у жодному дворі немає кубиків
spots-reason-no-move = жоден кубик не можна пересунути

## Події

spots-game-started = Починається гра в «Крапки». Гравців: { $count }. Тайли команд: { $tiles }.
spots-game-started-solo = Починається соло-гра в «Крапки» проти суперника на ім'я { $pes }. Тайли команд: { $tiles }.
spots-random-set-drawn = Випадкові тайли: { $tiles }.
spots-stacks-shuffled = Стоси тайлів команд перетасовано; зверху лежать: { $tiles }.
spots-tricks-laid-out = Команди на столі: { $tiles }.
spots-deck-shuffled = Колоду карт песиків перетасовано: { $count ->
        [one] { $count } карта
        [few] { $count } карти
        [many] { $count } карт
       *[other] { $count } карти
    }.
spots-dog-dealt = { $player } отримує карту песика { $dog }.
spots-treats-gained-setup = { $player } бере { $count ->
        [one] { $count } смаколик
        [few] { $count } смаколики
        [many] { $count } смаколиків
       *[other] { $count } смаколика
    } на початку гри.
spots-treats-gained = { $player } бере { $count ->
        [one] { $count } смаколик
        [few] { $count } смаколики
        [many] { $count } смаколиків
       *[other] { $count } смаколика
    } за команду «{ $tile }».
spots-start-die-buried = { $player } закопує стартовий кубик: { $value }.
spots-start-tie-rerolled = { $player } перекидає кубик через нічию: { $value }.
spots-first-player = Першим ходить: { $player }.
spots-pes-treats-gained = { $pes } бере { $count ->
        [one] { $count } смаколик
        [few] { $count } смаколики
        [many] { $count } смаколиків
       *[other] { $count } смаколика
    }.
spots-turn-started = Хід: { $player }.
spots-all-busted = У запасі не лишилося кубиків: усі гравці зазнають невдачі.
spots-treat-placed-on-tile = Смаколик лягає на тайл «{ $tile }» — останню команду, що лежить горілиць.
spots-tiles-refreshed = Оновлення тайлів команд: горілиць перевернуто { $tiles }.
spots-trick-chosen = { $player } виконує команду «{ $tile }».
spots-treats-taken-from-tile = { $player } забирає з тайла «{ $tile }» { $count ->
        [one] { $count } смаколик
        [few] { $count } смаколики
        [many] { $count } смаколиків
       *[other] { $count } смаколика
    }.
spots-tile-flipped-up = { $player } перевертає тайл «{ $tile }» горілиць.
spots-tile-flipped-down = { $player } перевертає тайл «{ $tile }» долілиць.
spots-offered-may-roll-one = { $player } може кинути ще 1 кубик.
spots-offered-run-on = { $player } може бігти далі (кинути ще 1 кубик).
spots-offered-chase = { $player } може ще раз виконати крок «Фас».
spots-offered-dogpile = { $player } може ще раз виконати крок «Зграя песиків».
spots-offered-sprint = { $player } може ще раз виконати крок «Уперед».
spots-offered-bolt-roll = { $player } може кинути відкладений кубик.
spots-offered-dig = { $player } може копати: змінити закопані кубики { $count ->
        [one] { $count } раз
        [few] до { $count } разів
        [many] до { $count } разів
       *[other] до { $count } разу
    }.
spots-offered-trot = { $player } може пересунути кубик на іншу клітинку своїх песиків.
spots-declined-may-roll-one = Ще один кубик не кидають.
spots-declined-run-on = Біг зупиняється.
spots-declined-chase = Команду «Фас» завершено.
spots-declined-dogpile = Команду «Зграя песиків» завершено.
spots-declined-sprint = Команду «Уперед» завершено.
spots-declined-bolt-roll = Команду «Гасати» завершено.
spots-declined-dig = Копання завершено.
spots-declined-trot = Жоден кубик не пересунуто.
spots-step-skipped = Пропущено крок «{ $step }»: { $reason }.
spots-dog-drawn = { $player } бере карту песика { $dog }.
spots-rolled-supply = { $player } кидає кубики: { $values }.
spots-rolled-yard = { $player } кидає закопані кубики: { $values }.
spots-rolled-set-aside = { $player } кидає відкладений кубик: { $values }.
spots-rolled-dogpile = { $player } кидає кубики «Зграї песиків»: { $values }.
spots-treat-spent = { $player } витрачає смаколик, щоб перекинути кубики.
spots-rerolled = Після перекидання випадає { $values }.
spots-number-chosen = { $player } називає число { $number }.
spots-die-set = { $player } бере кубик зі значенням { $value }.
spots-dice-kept = { $player } залишає { $count ->
        [one] { $count } кубик
        [few] { $count } кубики
        [many] { $count } кубиків
       *[other] { $count } кубика
    }.
spots-discarded-fetch = { $count ->
        [one] { $count } кубик без цього числа повертається
        [few] { $count } кубики без цього числа повертаються
        [many] { $count } кубиків без цього числа повертаються
       *[other] { $count } кубика без цього числа повертаються
    } до запасу.
spots-discarded-guard = { $count ->
        [one] { $count } кубик із більшим числом повертається
        [few] { $count } кубики з більшим числом повертаються
        [many] { $count } кубиків із більшим числом повертаються
       *[other] { $count } кубика з більшим числом повертаються
    } до запасу.
spots-discarded-hunt = { $count ->
        [one] Решта: { $count } кубик повертається
        [few] Решта: { $count } кубики повертаються
        [many] Решта: { $count } кубиків повертаються
       *[other] Решта: { $count } кубика повертаються
    } до запасу.
spots-discarded-search = { spots-discarded-hunt }
spots-discarded-no-eight = Жодні кубики не дають у сумі 8: { $count ->
        [one] { $count } кубик повертається
        [few] усі { $count } кубики повертаються
        [many] усі { $count } кубиків повертаються
       *[other] усі { $count } кубика повертаються
    } до запасу.
spots-discarded-scavenge = { $count ->
        [one] { $count } кубик, менший за суму у дворі, повертається
        [few] { $count } кубики, менші за суму у дворі, повертаються
        [many] { $count } кубиків, менших за суму у дворі, повертаються
       *[other] { $count } кубика, менших за суму у дворі, повертаються
    } до запасу.
spots-die-placed = { $player } розміщує кубик із { $value } на песику { $dog }.
spots-die-buried = { $player } закопує кубик із { $value } (сума крапок у дворі: { $total }).
spots-busted = { $player } зазнає невдачі: { $count ->
        [one] { $count } кубик повертається
        [few] { $count } кубики повертаються
        [many] { $count } кубиків повертаються
       *[other] { $count } кубика повертаються
    } до запасу.
spots-completed-fast = { $player } заповнює всіх своїх песиків і одразу завершує: { $dogs }.
spots-completed-slow = { $player } замість команди завершує { $count ->
        [one] песика
       *[other] песиків
    }: { $dogs }.
spots-treats-returned = { $player } повертає до запасу { $count ->
        [one] { $count } смаколик
        [few] { $count } смаколики
        [many] { $count } смаколиків
       *[other] { $count } смаколика
    }.
spots-buried-die-adjusted = { $player }: закопаний кубик із { $old } тепер показує { $new }.
spots-buried-die-dug-out = { $player }: закопаний кубик із 1 викопано.
spots-die-moved = { $player } пересуває кубик із { $old } на песика { $dog }, тепер на ньому { $value }.
spots-dice-set-aside = { $player } відкладає { $count ->
        [one] { $count } кубик
        [few] { $count } кубики
        [many] { $count } кубиків
       *[other] { $count } кубика
    }, щоб кидати їх по одному.
spots-dice-returned = { $player } зупиняється: { $count ->
        [one] відкладений кубик повертається
        [few] { $count } відкладені кубики повертаються
        [many] { $count } відкладених кубиків повертаються
       *[other] { $count } відкладеного кубика повертаються
    } до запасу.
spots-die-taken-yard = { $player } бере кубик зі свого двору.
spots-die-taken-dog = { $player } бере кубик зі свого песика.
spots-turn-ended = Хід завершено: { $player }.
spots-pes-turn = Хід: { $pes }.
spots-pes-rolled = { $pes } кидає кубик: { $value }.
spots-pes-took-treats = { $pes } забирає з тайла «{ $tile }» { $count ->
        [one] { $count } смаколик
        [few] { $count } смаколики
        [many] { $count } смаколиків
       *[other] { $count } смаколика
    }.
spots-pes-treats-spent = { $pes } скидає { $count ->
        [one] { $count } смаколик
        [few] { $count } смаколики
        [many] { $count } смаколиків
       *[other] { $count } смаколика
    } й завершує верхню карту колоди.
spots-pes-completed-die = { $pes } завершує карту песика { $dog }: його кубик указав на тайл, що лежить долілиць.
spots-pes-completed-treats = { $pes } завершує карту песика { $dog }.
spots-game-ended = { $count ->
        [one] Перемагає
       *[other] Перемагають
    } { $winners }. Завершених песиків: { $dogs }.

## Ходи

spots-do-trick = Виконати команду «{ $tile }»
spots-do-trick-with-treats = Виконати команду «{ $tile }» і забрати { $count ->
        [one] { $count } смаколик
        [few] { $count } смаколики
        [many] { $count } смаколиків
       *[other] { $count } смаколика
    }
spots-complete-dogs = Завершити: { $dogs }
spots-reroll-all = Витратити смаколик і перекинути { $count ->
        [one] кубик
        [few] усі { $count } кубики
        [many] усі { $count } кубиків
       *[other] усі { $count } кубика
    }
spots-reroll-some = Витратити смаколик і перекинути: { $dice }
spots-keep-roll = Залишити результат кидка
spots-keep-number = Залишити кубики з { $number }
spots-set-die-to = Узяти кубик зі значенням { $number }
spots-name-number = Назвати { $number }
spots-keep-dice = Залишити: { $dice }
spots-discard-nothing = Нічого не скидати
spots-discard-dice = Скинути: { $dice }
spots-place-die = Розмістити { $die } на песику { $dog }
spots-bury-die = Закопати { $die }
spots-do-may-roll-one = Кинути ще 1 кубик
spots-do-run-on = Бігти далі (кинути ще 1 кубик)
spots-do-chase = Ще раз «Фас»
spots-do-dogpile = Ще раз «Зграя песиків»
spots-do-sprint = Ще раз «Уперед»
spots-do-bolt-roll = Кинути відкладений кубик
spots-skip-may-roll-one = Більше не кидати
spots-skip-run-on = Зупинитися
spots-skip-chase = Завершити команду «Фас»
spots-skip-dogpile = Завершити команду «Зграя песиків»
spots-skip-sprint = Завершити команду «Уперед»
spots-skip-bolt-roll = Зупинитися й повернути відкладені кубики
spots-stop-digging = Припинити копати
spots-move-no-die = Не пересувати кубик
spots-move-die = Пересунути { $die } → { $space }
spots-dig-out = Викопати { $die }
spots-dig-raise = Збільшити { $die } до { $value }
spots-dig-lower = Зменшити { $die } до { $value }
spots-set-aside = Відкласти { $count ->
        [one] { $count } кубик
        [few] { $count } кубики
        [many] { $count } кубиків
       *[other] { $count } кубика
    }
spots-take-die-yard = Узяти { $die } зі свого двору
spots-take-die-dog = Узяти { $die }

## Вибір

spots-choose-action = Виконати команду чи завершити песиків?
spots-a-trick = Виконати команду
spots-choose-trick = Яку команду виконуєте?
spots-choose-reroll = Залишити результат чи витратити смаколик і перекинути?
spots-choose-offer = Продовжуєте?
spots-choose-fetch = Кубики з яким числом залишаєте?
spots-choose-hunt = Які два кубики залишаєте?
spots-choose-search = Які кубики залишаєте? У сумі вони мають дати 8.
spots-choose-scavenge = Які кубики, менші за суму у вашому дворі, скидаєте?
spots-choose-die = Який кубик розміщуєте або закопуєте?
spots-choose-where = Куди покласти { $die }?
spots-pick = { $die }
spots-on-dog = На песика { $dog }
spots-in-your-yard = Закопати у своєму дворі
spots-choose-dig = Змінити закопаний кубик?
spots-change-a-buried-die = Змінити закопаний кубик
spots-choose-buried-die = Який закопаний кубик?
spots-choose-dig-how = Збільшити чи зменшити?
spots-choose-trot = Пересунути кубик на іншу клітинку?
spots-move-a-die = Пересунути кубик
spots-choose-die-to-move = Який кубик пересуваєте?
spots-choose-space = На яку порожню клітинку?
spots-choose-take = Який кубик берете для «Зграї песиків»?
spots-choose-set-die = Яке число з верхньої карти колоди буде на кубику?
spots-choose-guard = Яке число називаєте? Кубики з більшим числом скидаються.
spots-choose-set-aside = Скільки кубиків відкладаєте?
