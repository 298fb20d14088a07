# DOGS, гра про собачий притулок: українська.
dogs-game-name = DOGS
dogs-game-description = Керуйте притулком: їздіть пікапом містом і за місто, рятуйте собак, лікуйте хворих, дбайте про корм, ліки, пальне й монети, і зробіть свій притулок найкращим у місті.
dogs-nothing = { "" }

## Налаштування.
dogs-option-start_player = Перший гравець
dogs-option-start_player-description = Місце, що починає перший раунд; порожньо — випадкове.

## Речі: породи, карти, дії, клітинки, вольєри, кольори, запаси.
dogs-breed-beagle = Бігль
dogs-breed-mutt = Дворняга
dogs-breed-rottweiler = Ротвейлер
dogs-breed-bulldog = Бульдог
dogs-breed-golden = Золотистий ретривер
dogs-breed-yorkshire = Йоркширський тер'єр
dogs-breed-border-collie = Бордер-колі
dogs-breed-labrador = Лабрадор
dogs-breed-dalmatian = Далматинець
dogs-breed-german-shepherd = Німецька вівчарка
dogs-breed-poodle = Пудель
dogs-breed-saint-bernard = Сенбернар
dogs-card-food-1 = Корм ×1
dogs-card-food-2 = Корм ×2
dogs-card-food-3 = Корм ×3
dogs-card-medicine-1 = Ліки ×1
dogs-card-medicine-2 = Ліки ×2
dogs-card-medicine-3 = Ліки ×3
dogs-card-gas-1 = Пальне ×1
dogs-card-gas-2 = Пальне ×2
dogs-card-gas-3 = Пальне ×3
dogs-card-coins-1 = Монети ×1
dogs-card-coins-2 = Монети ×2
dogs-card-coins-3 = Монети ×3
dogs-card-receive-dog = Отримай собаку
dogs-card-trained-dog = Дресирований пес
dogs-card-veterinarian = Ветеринар
dogs-card-dog-swap = Обмін собак
dogs-card-discount = Знижка
dogs-card-prize-dog = Призовий пес
dogs-card-helper = Помічник
dogs-card-free-entry = Вільний вхід
dogs-card-copy = { $card } ({ $number } з { $of })
dogs-box-city-hall = Мерія
dogs-box-warehouse = Склад
dogs-box-pet-shop = Зоомагазин
dogs-box-vet = Ветеринар
dogs-box-fair = Собачий ярмарок
dogs-space-center = центральна клітинка
dogs-space-c1 = міська клітинка 1
dogs-space-c2 = міська клітинка 2
dogs-space-c3 = міська клітинка 3
dogs-space-c4 = міська клітинка 4
dogs-space-c5 = міська клітинка 5
dogs-space-c6 = міська клітинка 6
dogs-space-c7 = міська клітинка 7
dogs-space-c8 = міська клітинка 8
dogs-space-k1 = заміська клітинка 1
dogs-space-k2 = заміська клітинка 2
dogs-space-k3 = заміська клітинка 3
dogs-space-k4 = заміська клітинка 4
dogs-space-k5 = заміська клітинка 5
dogs-space-k6 = заміська клітинка 6
dogs-space-k7 = заміська клітинка 7
dogs-space-k8 = заміська клітинка 8
dogs-pen-b1 = перший вольєр
dogs-pen-b2 = другий вольєр
dogs-pen-a2 = вольєр на 2 очки
dogs-pen-a3 = вольєр на 3 очки
dogs-pen-a5 = вольєр на 5 очок
dogs-colour-blue = синій
dogs-colour-yellow = жовтий
dogs-colour-green = зелений
dogs-colour-red = червоний
dogs-group-city = міський запас
dogs-group-country = заміський запас
dogs-amount-coins = { $count ->
        [one] { $count } монету
        [few] { $count } монети
        [many] { $count } монет
       *[other] { $count } монети
    }
dogs-amount-food = { $count ->
        [one] { $count } фішку корму
        [few] { $count } фішки корму
        [many] { $count } фішок корму
       *[other] { $count } фішки корму
    }
dogs-amount-medicine = { $count ->
        [one] { $count } фішку ліків
        [few] { $count } фішки ліків
        [many] { $count } фішок ліків
       *[other] { $count } фішки ліків
    }
dogs-amount-gas = { $count ->
        [one] { $count } фішку пального
        [few] { $count } фішки пального
        [many] { $count } фішок пального
       *[other] { $count } фішки пального
    }

## Собаки.
dogs-dog = { $breed }
dogs-dog-lost = { $breed } (загублений собака)
dogs-dog-sick = { $breed } (хворий собака)
dogs-blocker = фішка блокування
dogs-breed-count = { $count ->
        [one] { $breed }
       *[other] { $breed } ×{ $count }
    }
dogs-dog-on-space = { $dog } — { $space }
dogs-dog-in-pen = { $dog } — { $pen }
dogs-dog-in-pen-copy = { $dog } — { $pen } ({ $number } з { $of })
dogs-dog-numbered = { $dog } ({ $number } з { $of })

## Що відбувається.
dogs-game-created = Починається гра Dogs, гравців: { $count }. { $colours }.
dogs-seat-colour = { $player }: { $colour } притулок
dogs-breeds-removed = Повертаються в коробку: { $breeds }.
dogs-all-breeds-in-play = У грі всі дванадцять порід.
dogs-lost-dogs-removed = Загублених собак прибрано з гри не глядячи: { $count }.
dogs-cards-removed = Не беруть участі в грі: { $cards }.
dogs-starting-resources = Кожен притулок починає з таким запасом: { $resources }.
dogs-supply-shuffled = Перемішано { $group } ({ $count ->
        [one] { $count } фішка
        [few] { $count } фішки
        [many] { $count } фішок
       *[other] { $count } фішки
    }).
dogs-board-filled = Поле заповнено. Нових фішок: { $count } (загублених собак: { $lost }, хворих: { $sick }, фішок блокування: { $blockers }).
dogs-board-refilled = Поле поповнено. Нових фішок: { $count } (загублених собак: { $lost }, хворих: { $sick }, фішок блокування: { $blockers }).
dogs-fair-deck-shuffled = Карти Собачого ярмарку перемішано.
dogs-fair-card-revealed = Карта Собачого ярмарку: { $breeds }.
dogs-card-deck-shuffled = Карти дій перемішано (усього: { $count }).
dogs-box-cards-dealt = Карти дій: { $boxes }.
dogs-cards-at-box = { $box } ({ $cards })
dogs-start-player-chosen = Першим ходить гравець { $player }.
dogs-round-started = Починається раунд { $round }.
dogs-trucks-set-out = Фаза 1: пікапи вирушають із центру по собак.
dogs-income-paid = Кожен притулок отримує: { $coins }.
dogs-gas-bought = { $player } купує пальне: { $gas } за { $coins }.
dogs-card-played = { $player } грає карту «{ $card }».
dogs-dogs-swapped = { $player } міняє місцями собак: { $first } і { $second }.
dogs-blocker-returned = Випала фішка блокування; вона повертається в запас ({ $group }).
dogs-dog-drawn = { $player } бере собаку із запасу ({ $group }): { $dog }.
dogs-lost-dog-delivered = Загублений собака ({ $dog }) іде на Собачий ярмарок; { $player } отримує винагороду: { $reward }.
dogs-lost-dog-delivered-unrewarded = Загублений собака ({ $dog }) іде на Собачий ярмарок без винагороди.
dogs-truck-moved = { $player } їде: { $start } → { $end } ({ $gas }).
dogs-dog-collected = { $player } забирає собаку ({ $space }): { $dog }.
dogs-truck-returned = { $player } повертається до притулку { $order }-м.
dogs-return-bonus = { $player } отримує бонус за повернення: { $amount }.
dogs-return-bonus-capped = { $player } отримує бонус за повернення: { $amount } (втрачено: { $lost }; гараж уміщує { $cap }).
dogs-stayed-home = { $player } залишається вдома.
dogs-last-round-supply-short = Раунд { $round } буде останнім: { $group } не може поповнити поле.
dogs-last-round-all-stayed-home = Раунд { $round } буде останнім: жоден пікап не виїхав.
dogs-last-round-all-blockers-out = Раунд { $round } буде останнім: усі шість фішок блокування на полі.
dogs-kennel-arranged = { $player } розміщує собак: { $pens }{ $sick ->
        [0] {""}
        [one] ; у лікарні { $sick } хворий собака
        [few] ; у лікарні { $sick } хворі собаки
        [many] ; у лікарні { $sick } хворих собак
       *[other] ; у лікарні хворих собак: { $sick }
    }.
dogs-kennel-arranged-giving = { $player } розміщує собак: { $pens }{ $sick ->
        [0] {""}
        [one] ; у лікарні { $sick } хворий собака
        [few] ; у лікарні { $sick } хворі собаки
        [many] ; у лікарні { $sick } хворих собак
       *[other] ; у лікарні хворих собак: { $sick }
    }. Віддає: { $gifts }.
dogs-pen-holds = { $pen } ({ $dogs })
dogs-pen-empty = { $pen } (порожній)
dogs-every-pen-empty = усі вольєри порожні
dogs-full-pen-bonus = { $player }: { $pen } повний собак однієї породи — бонусна монета.
dogs-donation-offered = { $donor } пропонує собаку гравцеві { $player }: { $dog }.
dogs-donation-declined = { $player } відмовляється від собаки: { $dog }.
dogs-donation-no-room = { $player } не має місця для собаки: { $dog }.
dogs-donation-accepted = { $player } приймає собаку: { $dog }.
dogs-donation-accepted-sick = { $player } приймає собаку до лікарні: { $dog }.
dogs-donated-to-fair = Ніхто не бере собаку гравця { $donor } ({ $dog }): собака йде на Собачий ярмарок.
dogs-phase-started = Фаза { $phase }: { $phase ->
        [1] збираємо собак
        [2] дії
       *[other] годування й платня
    }.
dogs-meeple-placed = { $player } ставить фігурку на дію «{ $box }».
dogs-meeple-placed-taking = { $player } ставить фігурку на дію «{ $box }» і бере карту «{ $card }».
dogs-meeple-placed-free = { $player } ставить фігурку на дію «{ $box }» (вільний вхід).
dogs-resource-gained = { $player } отримує: { $amount }.
dogs-resource-gained-capped = { $player } отримує: { $amount } (втрачено: { $lost }; гараж уміщує { $cap }).
dogs-card-kept = { $player } зберігає карту «{ $card }» на потім.
dogs-pen-built = { $player } будує { $pen } за { $coins }.
dogs-resources-swapped = { $player } обмінює { $give } на { $take }.
dogs-supplies-bought = { $player } купує { $goods } за { $coins }.
dogs-dog-cured = { $player } виліковує собаку ({ $dog }) і селить у { $pen }.
dogs-dog-sold = { $player } продає собаку на Собачому ярмарку за { $coins }: { $dog }.
dogs-dog-bought = { $player } купує собаку на Собачому ярмарку за { $coins } і селить у { $pen }: { $dog }.
dogs-dog-swapped-at-fair = { $player } міняє свого собаку ({ $given }) на собаку з ярмарку ({ $taken }) і селить у { $pen }.
dogs-action-skipped = { $player } пропускає дію «{ $box }».
dogs-dog-fell-sick = { $player } не годує { $pen }: { $dog } хворіє й іде до лікарні.
dogs-dog-sent-to-fair = { $player } не годує { $pen }, а лікарня повна: { $dog } іде на Собачий ярмарок.
dogs-pens-fed = { $player } годує: { $pens } ({ $count ->
        [one] { $count } фішку корму
        [few] { $count } фішки корму
        [many] { $count } фішок корму
       *[other] { $count } фішки корму
    }).
dogs-salary-paid-coin = { $player } платить помічникові 1 монету.
dogs-salary-paid-card = { $player } платить помічникові картою «{ $card }».
dogs-helper-rehired-coin = { $player } знову наймає помічника за 1 монету.
dogs-helper-rehired-card = { $player } знову наймає помічника картою «{ $card }».
dogs-helper-lost = { $player } не платить помічникові, і той іде.
dogs-helper-not-rehired = { $player } лишається без помічника.
dogs-box-cards-discarded = Карти, що лишилися на діях, ідуть у скид (усього: { $count }).
dogs-card-deck-reshuffled = Скид перемішано в нову колоду (карт: { $count }).
dogs-fair-card-rotated = Наступна карта Собачого ярмарку: { $breeds }.
dogs-blockers-collected = Фішки блокування з поля повертаються в запаси (усього: { $count }).
dogs-start-player-passed = Наступний раунд починає гравець { $player }.
dogs-final-scores = Підсумкові очки: { $scores }.
dogs-score = { $player } — { $points }
dogs-game-ended = Гру закінчено. { $count ->
        [one] Переможець
       *[other] Переможці
    }: { $winners }.
dogs-game-ended-removed = Гру закінчено. { $count ->
        [one] Переможець
       *[other] Переможці
    }: { $winners }. Загублені собаки, прибрані на початку: { $removed }.

## Ходи.
dogs-buy-gas = Купити пальне: { $gas } за { $coins }
dogs-buy-no-gas = Не купувати пального
dogs-play-dog-swap = Зіграти «{ $card }»: поміняти місцями { $first } і { $second }
dogs-play-receive-dog = Зіграти «{ $card }»: узяти собаку ({ $group })
dogs-move-truck = Їхати: { $dog } ({ $gas })
dogs-return-home = Повернутися до притулку
dogs-return-home-bonus = Повернутися до притулку й узяти бонус: { $bonus }
dogs-stay-home = Залишитися вдома
dogs-arrange-kennel = Розмістити собак: { $layout }{ $gifts }{ $vet }
dogs-giving = ; віддати: { $gifts }
dogs-giving-none = { "" }
dogs-playing = ; зіграти «{ $card }»
dogs-playing-none = { "" }
dogs-accept-donation = Прийняти собаку ({ $dog }): { $layout }
dogs-accept-donation-sick = Прийняти собаку до лікарні: { $dog }
dogs-decline-donation = Відмовитися від собаки: { $dog }
dogs-place-meeple = Поставити фігурку на дію «{ $box }»
dogs-place-meeple-taking = Поставити фігурку на дію «{ $box }» і взяти «{ $card }»
dogs-place-meeple-free = Поставити фігурку на дію «{ $box }» з картою «{ $card }»
dogs-skip-action = Пропустити дію «{ $box }»
dogs-build-pen = Збудувати { $pen } за { $coins }
dogs-build-pen-discount = Збудувати { $pen } за { $coins } з картою «{ $card }»
dogs-swap-resources = Обміняти { $give } на { $take }
dogs-buy-supplies = Купити { $goods } за { $coins }
dogs-cure-dogs = Вилікувати: { $cures }
dogs-cure-into = { $dog } → { $pen }
dogs-sell-dog = Продати собаку ({ $dog }) за { $coins }
dogs-sell-dog-bonus = Продати собаку ({ $dog }) з картами { $cards } за { $coins }
dogs-buy-dog = Купити собаку з ярмарку ({ $dog }) у { $pen } за { $coins }
dogs-swap-at-fair = Обміняти собаку ({ $given }) на собаку з ярмарку ({ $taken }) у { $pen }
dogs-feed-every-pen = Нагодувати всі вольєри
dogs-leave-unfed = Не годувати: { $fates }
dogs-unfed-falls-sick = { $pen } — { $dog } захворіє
dogs-unfed-to-fair = { $pen } — { $dog } піде на Собачий ярмарок
dogs-let-helper-go = Відпустити помічника
dogs-leave-helper-unhired = Лишитися без помічника
dogs-pay-helper-coin = Заплатити помічникові 1 монету
dogs-rehire-helper-coin = Знову найняти помічника за 1 монету
dogs-pay-helper-card = Заплатити помічникові картою «{ $card }»
dogs-rehire-helper-card = Знову найняти помічника картою «{ $card }»

## Вибір: запитання й відповіді.
dogs-ask-gas = Скільки пального купуєте?
dogs-choice-gas = { $coins ->
        [0] Без пального
        [one] { $coins } монета: { $gas }
        [few] { $coins } монети: { $gas }
        [many] { $coins } монет: { $gas }
       *[other] { $coins } монети: { $gas }
    }
dogs-ask-truck = Хід пікапа: що робите?
dogs-choice-play = Зіграти «{ $card }»
dogs-ask-swap-first = Якого собаку переставляєте?
dogs-ask-swap-second = З яким собакою поміняти { $first }?
dogs-choice-dog-on-space = { $dog } — { $space }
dogs-ask-supply = З якого запасу берете собаку?
dogs-choice-supply = { $group }
dogs-choice-drive = Поїхати на клітинку
dogs-ask-destination = Куди їдете?
dogs-ask-bonus = Яку фішку берете як бонус за повернення?
dogs-choice-bonus = { $bonus }
dogs-ask-vet = Зіграти карту «Ветеринар», щоб хворі собаки з пікапа одразу пішли у вольєри?
dogs-choice-no-vet = Без карти
dogs-ask-arrange = Розмістіть собак
dogs-ask-dog-place = Куди йде { $dog }?
dogs-choice-pen = У { $pen }
dogs-choice-give-away = Віддати
dogs-ask-sick-dog = Лікарня вміщує шістьох. Чи лишається в лікарні хворий собака ({ $dog })?
dogs-choice-keep-sick = Лишається в лікарні
dogs-ask-donation = { $donor } пропонує вам собаку: { $dog }. Приймаєте?
dogs-choice-take-in = Прийняти
dogs-ask-box = Куди ставите фігурку?
dogs-choice-box = Дія «{ $box }»
dogs-ask-card = Яку карту берете на дії «{ $box }»?
dogs-choice-take-card = Взяти «{ $card }»
dogs-choice-free-entry = Увійти з картою «{ $card }», без карти дії
dogs-choice-no-card = Без карти
dogs-ask-action = Що робите на дії «{ $box }»?
dogs-choice-give = Віддати { $give }
dogs-ask-take = Що берете за { $give }?
dogs-choice-take = Взяти { $take }
dogs-choice-buy-supplies = Купити корм і ліки
dogs-ask-supplies-coins = Скільки монет витрачаєте?
dogs-choice-spend = { $count ->
        [one] Витратити { $count } монету
        [few] Витратити { $count } монети
        [many] Витратити { $count } монет
       *[other] Витратити { $count } монети
    }
dogs-ask-food = За { $coins } ви отримуєте фішок: { $tokens }. Скільки з них корму? Решта — ліки.
dogs-choice-food = Корм: { $food }; { $medicine }
dogs-choice-cure = Лікувати хворих собак
dogs-ask-cure = Що робите з хворим собакою ({ $dog })?
dogs-choice-sell = Продати собаку
dogs-ask-sell = Якого собаку продаєте?
dogs-choice-dog = { $dog }
dogs-ask-bonus-card = Додати до продажу карту «{ $card }» (+{ $coins })?
dogs-choice-add-card = Додати
dogs-choice-keep-card = Зберегти
dogs-choice-buy = Купити собаку ({ $coins })
dogs-ask-buy = Якого собаку з ярмарку купуєте?
dogs-choice-fair-dog = { $dog } з ярмарку
dogs-ask-pen = У який вольєр іде { $dog }?
dogs-choice-swap-at-fair = Обміняти собаку на ярмарку
dogs-ask-give-dog = Якого свого собаку віддаєте?
dogs-ask-take-dog = Якого собаку з ярмарку берете натомість ({ $dog })?
dogs-ask-feeding = Нагодуйте собак
dogs-ask-feed = Годуєте { $pen }?
dogs-choice-feed = Нагодувати
dogs-choice-unfed-sick = Ні: { $dog } захворіє
dogs-choice-unfed-fair = Ні: { $dog } піде на Собачий ярмарок
dogs-ask-salary = Платня помічникові

## Коли можна зіграти кожну особливу карту і що вона робить.
dogs-card-receive-dog-when = ваш хід у фазі 1, коли пікап у дорозі
dogs-card-receive-dog-effect = візьміть 1 собаку із запасу міста або села у свій пікап
dogs-card-trained-dog-when = разом із продажем на Ярмарку собак
dogs-card-trained-dog-effect = +1 монета за цей продаж
dogs-card-veterinarian-when = коли ви облаштовуєте притулок наприкінці фази 1
dogs-card-veterinarian-effect = хворі собаки з вашого пікапа одразу йдуть у вольєри здоровими
dogs-card-dog-swap-when = ваш хід у фазі 1, перед вашою дією
dogs-card-dog-swap-effect = поміняйте місцями будь-яких двох собак на полі
dogs-card-discount-when = із дією Ратуші
dogs-card-discount-effect = відкрийте вольєр за 1 монету замість 2
dogs-card-prize-dog-when = разом із продажем на Ярмарку собак
dogs-card-prize-dog-effect = +2 монети за цей продаж
dogs-card-helper-when = фаза 3, коли настає час платні
dogs-card-helper-effect = оплачує платню помічника (або наймає його знову) замість 1 монети
dogs-card-free-entry-when = коли ви ставите фігурку у фазі 2
dogs-card-free-entry-effect = поставте фігурку на зайняту дію; карту не беріть
