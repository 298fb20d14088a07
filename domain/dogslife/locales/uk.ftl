# Собаче життя (2001): українська. Правил українською немає; терміни перекладено з італійських правил і
# англійської специфікації, послідовно (glossary.md). Імена гравців і назви місць стоять у називному відмінку.
dogslife-game-name = Собаче життя
dogslife-game-description = Будьте бездомним псом у місті: шукайте кістки, просіть їжу біля ресторанів, розносьте газети, мітьте ліхтарі й тікайте від собаколова. Перемагає пес, що першим закопає свої кістки.
dogslife-silent = { "" }

## Параметри.
dogslife-option-bone_target = Кісток для перемоги
dogslife-option-bone_target-description = Скільки кісток собака має закопати у своєму лігві, щоб перемогти. Коли гравців багато, дозволено менше, щоб 30 кісток вистачило.
dogslife-option-timed_minutes = Ліміт часу (хвилини)
dogslife-option-timed_minutes-description = Гра на час: після стількох хвилин перемагає собака з найбільшою кількістю закопаних кісток. Залиште 0, щоб грати без ліміту часу.
dogslife-option-timed_rounds = Ліміт раундів
dogslife-option-timed_rounds-description = Гра на час: після стількох повних раундів перемагає собака з найбільшою кількістю закопаних кісток. Залиште 0, щоб грати без ліміту раундів.
dogslife-option-route_deadline_seconds = Час на вибір маршруту фургона (секунди)
dogslife-option-route_deadline_seconds-description = Скільки часу гравець має, щоб вибрати, куди фургон собаколова поверне на перехресті; потім маршрут вибирається випадково. Якщо 0, його завжди вибирають одразу.
dogslife-option-action_deadline_seconds = Час на дії собаки (секунди)
dogslife-option-action_deadline_seconds-description = Скільки часу гравець має на дії своєї собаки; потім його дії закінчуються. Якщо 0, ліміту немає.
dogslife-option-dog_assignment = Собаки
dogslife-option-dog_assignment-description = Чи кожен гравець отримує собаку випадково, чи вибирає її сам, по черзі.
dogslife-option-dog_assignment-random = Випадково
dogslife-option-dog_assignment-choose = На вибір гравців
dogslife-option-first_seat = Перший гравець
dogslife-option-first_seat-description = Місце, яке ходить першим, рахуючи від 0; залиште порожнім, щоб вибрати випадково.

## Собаки та їхні карти.
dogslife-dog-shepherd = Німецька вівчарка
dogslife-dog-boxer = Боксер
dogslife-dog-poodle = Пудель
dogslife-dog-foxterrier = Фокстер'єр
dogslife-dog-husky = Сибірський хаскі
dogslife-dog-labrador = Лабрадор

## Місця на полі: будівлі за номером, клітинки вулиць за тим, що там стоїть, і координатами.
dogslife-den = лігво { $number }
dogslife-house = будинок { $number }
dogslife-restaurant = ресторан { $number }
dogslife-kiosk = газетний кіоск
dogslife-pound = притулок
dogslife-street = вулиця { $column }-{ $row }
dogslife-trash-can = смітник { $column }-{ $row }
dogslife-lamppost = ліхтар { $column }-{ $row }
dogslife-fountain = фонтан { $column }-{ $row }
dogslife-cell = { $column }-{ $row }
dogslife-heading-east = на схід
dogslife-heading-west = на захід
dogslife-heading-north = на північ
dogslife-heading-south = на південь

## Що несе собака.
dogslife-a-bone = кістка
dogslife-a-newspaper = газета
dogslife-the-bone = кістка
dogslife-newspaper-for = газета — адреса: { $house }
dogslife-the-newspaper-for = газета — адреса: { $house }
dogslife-bones = { $count ->
        [one] { $count } кістка
        [few] { $count } кістки
        [many] { $count } кісток
       *[other] { $count } кістки
    }
dogslife-newspapers = { $count ->
        [one] { $count } газета
        [few] { $count } газети
        [many] { $count } газет
       *[other] { $count } газети
    }

## Що показує витягнута карта.
dogslife-result-shuffle = карта тасування
dogslife-result-claws = { $count ->
        [one] { $count } кіготь
        [few] { $count } кігті
        [many] { $count } кігтів
       *[other] { $count } кігтя
    }
dogslife-result-food = їжа на { $days ->
        [one] { $days } день
        [few] { $days } дні
        [many] { $days } днів
       *[other] { $days } дня
    }
dogslife-result-bone = кістка
dogslife-result-nothing = нічого
dogslife-result-escaped = втекла
dogslife-result-caught = спіймана
dogslife-result-leave = виходить
dogslife-result-stay = лишається

## Події.
dogslife-game-started = Починається «Собаче життя», гравців: { $players }. Перемагає перша собака, що закопає { $target ->
        [one] { $target } кістку
        [few] { $target } кістки
        [many] { $target } кісток
       *[other] { $target } кістки
    }.
dogslife-dog-assigned = { $player } грає за собаку: { $dog }.
dogslife-den-assigned = { $player } живе тут: { $den }.
dogslife-deck-shuffled = { $player } тасує свою колоду.
dogslife-deck-reshuffled = { $player } перетасовує всі { $cards } карт своєї колоди.
dogslife-stack-shuffled = Стос газет перетасовано.
dogslife-first-player = Першим ходить гравець { $player }.
dogslife-turn-started = Раунд { $round }: хід гравця { $player }.
dogslife-hunger-dropped = { $player }: собака голоднішає (ситість { $hunger } з { $most }).
dogslife-dog-starved = { $player }: собака голодна й виснажена.
dogslife-items-dropped = { $player }: собака кидає все, що несла: { $items } (місце: { $space }).
dogslife-items-dropped-and-returned = { $player }: собака кидає все, що несла: { $items } (місце: { $space }); у стос повертається газет: { $returned }.
dogslife-newspapers-returned = { $player }: у стос повертається газет: { $returned }.
dogslife-sent-to-pound-hunger = { $player }: собака потрапляє до притулку, бо голодна (було місце: { $space }).
dogslife-sent-to-pound-truck = { $player }: собаку забрав собаколов до притулку (було місце: { $space }).
dogslife-sent-to-pound-fight = { $player }: собака програла бійку й потрапляє до притулку (було місце: { $space }).
dogslife-card-drawn-trash = { $player } тягне карту «{ $card }», порпаючись у смітнику: { $result }.
dogslife-card-drawn-restaurant = { $player } тягне карту «{ $card }», жебракуючи: { $result }.
dogslife-card-drawn-newspaper = { $player } тягне карту «{ $card }» за доставку: { $result }.
dogslife-card-drawn-attack = { $player } тягне карту «{ $card }» у бійці: { $result }.
dogslife-card-drawn-escape = { $player } тягне карту «{ $card }», тікаючи від фургона: { $result }.
dogslife-card-drawn-pound = { $player } тягне карту «{ $card }» у притулку: { $result }.
dogslife-stayed-in-pound = { $player }: собака лишається в притулку (клітинка { $track } доріжки притулку).
dogslife-left-pound = { $player }: собака виходить із притулку.
dogslife-actions-started = { $player } має { $points ->
        [one] { $points } очко дії
        [few] { $points } очки дії
        [many] { $points } очок дії
       *[other] { $points } очка дії
    }.
dogslife-dog-moved = { $player } переходить: { $space } (лишилося очок дії: { $left }).
dogslife-lamppost-sniffed = { $player } нюхає мітку гравця { $owner } — { $lamppost } — і мусить зупинитися.
dogslife-actions-ended-ap = { $player } більше не має очок дії.
dogslife-actions-ended-timeout = Час на дії вичерпано: { $player }.
dogslife-actions-ended-lost-fight = { $player } програє бійку і втрачає хід.
dogslife-actions-ended-ended = { $player } закінчує свої дії.
dogslife-nothing-found-no-slot = { $player } не має вільного місця для кістки.
dogslife-nothing-found-no-bone-left = У запасі не лишилося кісток. Гравець: { $player }.
dogslife-food-found = { $player }: собака з'їдає їжу на { $days ->
        [one] { $days } день
        [few] { $days } дні
        [many] { $days } днів
       *[other] { $days } дня
    } (ситість { $hunger } з { $most }).
dogslife-bone-found = { $player } бере кістку.
dogslife-trash-day = День сміття! Усі смітники, крім цього: { $kept }, можна знову обшукати.
dogslife-newspaper-taken = { $player } бере в кіоску: { $item }.
dogslife-newspaper-delivered = { $player } доставляє газету. Адреса: { $house }.
dogslife-item-picked-up = { $player } підбирає: { $item } (місце: { $space }).
dogslife-item-dropped = { $player } кидає: { $item } (місце: { $space }).
dogslife-bone-buried = { $player } закопує кістку у своєму лігві (закопано: { $buried }).
dogslife-bladder-filled = { $player }: собака п'є (сечовий міхур { $bladder }, запас { $reserve }).
dogslife-lamppost-marked = { $player } мітить { $lamppost }.
dogslife-lamppost-marked-over = { $player } мітить { $lamppost } поверх мітки гравця { $owner }.
dogslife-attack-declared = { $player } нападає. Суперник: { $target }.
dogslife-fight-tied = Бійка: { $attacker } проти { $defender } — нічия.
dogslife-fight-won = Бійка: { $attacker } проти { $defender }; перемагає { $winner }.
dogslife-truck-rolled = Собаколов кидає кубик: { $value } ({ $routes ->
        [one] { $routes } можливий маршрут
        [few] { $routes } можливі маршрути
        [many] { $routes } можливих маршрутів
       *[other] { $routes } можливого маршруту
    }).
dogslife-route-chosen-seat = Гравець спрямовує фургон маршрутом: { $route }.
dogslife-route-chosen-server = Маршрут фургона вибрано випадково: { $route }.
dogslife-route-chosen-forced = Фургон має лише один маршрут: { $route }.
dogslife-truck-moved = Фургон собаколова їде: { $start } → { $end }.
dogslife-truck-moved-heading = Фургон собаколова їде: { $start } → { $end }, { $heading }.
dogslife-dog-caught = Собаколов ловить собаку. Гравець: { $player }, місце: { $space }.
dogslife-escape-escaped = { $player }: собака тікає від фургона.
dogslife-escape-caught = { $player }: собаку спіймано.
dogslife-turn-ended = Хід гравця { $player } закінчено.
dogslife-time-expired = Час вийшов: раунд догравається до кінця.
dogslife-sudden-death = Раптова смерть: грають далі лише { $players }, у них порівну закопаних кісток; перемагає той, хто першим закопає кістку.
dogslife-won-target = Перемагає { $player }: собака закопала потрібні кістки.
dogslife-won-tiebreak = Перемагає { $player }: собака першою закопала кістку в раптовій смерті.
dogslife-won-time = Перемагає { $player }: коли час вийшов, собака мала найбільше закопаних кісток.

## Ходи та вибір.
dogslife-which-dog = За яку собаку ви граєте?
dogslife-choose-dog = Грати за собаку: { $dog }
dogslife-truck-where = Куди їде фургон собаколова?
dogslife-route-choose = Вибрати маршрут
dogslife-route-any = Вибрати маршрут випадково
dogslife-route = Спрямувати фургон: { $route }
dogslife-truck-turns = Куди повертає фургон?
dogslife-via = Через { $street }
dogslife-what-to-do = Що робить ваша собака?
dogslife-where-to = Куди йде ваша собака?
dogslife-whom-to-attack = На яку собаку ви нападаєте?
dogslife-what-to-pick-up = Що підбирає ваша собака?
dogslife-what-to-drop = Що кидає ваша собака?
dogslife-action-move = Іти
dogslife-action-attack = Напасти на собаку
dogslife-action-pickup = Підібрати щось
dogslife-action-drop = Кинути щось
dogslife-move = Іти сюди: { $space }
dogslife-search = Обшукати смітник
dogslife-beg = Жебракувати: { $restaurant }
dogslife-take-newspaper = Взяти газету
dogslife-deliver = Доставити газету. Адреса: { $house }
dogslife-pick-up = Підібрати: { $item }
dogslife-drop = Кинути: { $item }
dogslife-drop-from-slot = Кинути: { $item } (місце для ношення { $slot })
dogslife-bury = Закопати кістку у своєму лігві
dogslife-drink = Попити з фонтана
dogslife-pee = Помітити ліхтар
dogslife-pee-over = Помітити ліхтар поверх мітки гравця { $owner }
dogslife-attack = Напасти: { $target } ({ $dog })
dogslife-end-actions = Закінчити свої дії

## Карти, як надруковано: порода собаки й номер карти; карта 0 — карта тасування.
dogslife-card-gs00 = Німецька вівчарка: карта тасування
dogslife-card-gs01 = Німецька вівчарка 1
dogslife-card-gs02 = Німецька вівчарка 2
dogslife-card-gs03 = Німецька вівчарка 3
dogslife-card-gs04 = Німецька вівчарка 4
dogslife-card-gs05 = Німецька вівчарка 5
dogslife-card-gs06 = Німецька вівчарка 6
dogslife-card-gs07 = Німецька вівчарка 7
dogslife-card-gs08 = Німецька вівчарка 8
dogslife-card-gs09 = Німецька вівчарка 9
dogslife-card-gs10 = Німецька вівчарка 10
dogslife-card-gs11 = Німецька вівчарка 11
dogslife-card-gs12 = Німецька вівчарка 12
dogslife-card-bx00 = Боксер: карта тасування
dogslife-card-bx01 = Боксер 1
dogslife-card-bx02 = Боксер 2
dogslife-card-bx03 = Боксер 3
dogslife-card-bx04 = Боксер 4
dogslife-card-bx05 = Боксер 5
dogslife-card-bx06 = Боксер 6
dogslife-card-bx07 = Боксер 7
dogslife-card-bx08 = Боксер 8
dogslife-card-bx09 = Боксер 9
dogslife-card-bx10 = Боксер 10
dogslife-card-bx11 = Боксер 11
dogslife-card-bx12 = Боксер 12
dogslife-card-po00 = Пудель: карта тасування
dogslife-card-po01 = Пудель 1
dogslife-card-po02 = Пудель 2
dogslife-card-po03 = Пудель 3
dogslife-card-po04 = Пудель 4
dogslife-card-po05 = Пудель 5
dogslife-card-po06 = Пудель 6
dogslife-card-po07 = Пудель 7
dogslife-card-po08 = Пудель 8
dogslife-card-po09 = Пудель 9
dogslife-card-po10 = Пудель 10
dogslife-card-po11 = Пудель 11
dogslife-card-po12 = Пудель 12
dogslife-card-ft00 = Фокстер'єр: карта тасування
dogslife-card-ft01 = Фокстер'єр 1
dogslife-card-ft02 = Фокстер'єр 2
dogslife-card-ft03 = Фокстер'єр 3
dogslife-card-ft04 = Фокстер'єр 4
dogslife-card-ft05 = Фокстер'єр 5
dogslife-card-ft06 = Фокстер'єр 6
dogslife-card-ft07 = Фокстер'єр 7
dogslife-card-ft08 = Фокстер'єр 8
dogslife-card-ft09 = Фокстер'єр 9
dogslife-card-ft10 = Фокстер'єр 10
dogslife-card-ft11 = Фокстер'єр 11
dogslife-card-ft12 = Фокстер'єр 12
dogslife-card-hu00 = Сибірський хаскі: карта тасування
dogslife-card-hu01 = Сибірський хаскі 1
dogslife-card-hu02 = Сибірський хаскі 2
dogslife-card-hu03 = Сибірський хаскі 3
dogslife-card-hu04 = Сибірський хаскі 4
dogslife-card-hu05 = Сибірський хаскі 5
dogslife-card-hu06 = Сибірський хаскі 6
dogslife-card-hu07 = Сибірський хаскі 7
dogslife-card-hu08 = Сибірський хаскі 8
dogslife-card-hu09 = Сибірський хаскі 9
dogslife-card-hu10 = Сибірський хаскі 10
dogslife-card-hu11 = Сибірський хаскі 11
dogslife-card-hu12 = Сибірський хаскі 12
dogslife-card-lb00 = Лабрадор: карта тасування
dogslife-card-lb01 = Лабрадор 1
dogslife-card-lb02 = Лабрадор 2
dogslife-card-lb03 = Лабрадор 3
dogslife-card-lb04 = Лабрадор 4
dogslife-card-lb05 = Лабрадор 5
dogslife-card-lb06 = Лабрадор 6
dogslife-card-lb07 = Лабрадор 7
dogslife-card-lb08 = Лабрадор 8
dogslife-card-lb09 = Лабрадор 9
dogslife-card-lb10 = Лабрадор 10
dogslife-card-lb11 = Лабрадор 11
dogslife-card-lb12 = Лабрадор 12
